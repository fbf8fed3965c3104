#!/usr/bin/env bash
# The README's first command (make demo): serve the bundled demo shop, compile
# a plain-English scenario against it, print the scenario file, replay it
# and prove its check (plaintest prove: it fails where the cart is broken).
set -euo pipefail
bin=${1:-bin/plaintest}
addr=${2:-127.0.0.1:8080}
out=.sandy/scenarios/demo-mug.json

"$bin" demo --addr "$addr" >/tmp/plaintest-demo-shop.log 2>&1 &
shop=$!
trap 'kill $shop 2>/dev/null || true' EXIT
for _ in $(seq 50); do
  if (exec 3<>"/dev/tcp/${addr%:*}/${addr##*:}") 2>/dev/null; then break; fi
  if ! kill -0 $shop 2>/dev/null; then cat /tmp/plaintest-demo-shop.log >&2; exit 3; fi
  sleep 0.1
done

echo "\$ plaintest compile \"go to the login page then type demo into Username then type demo123 into Password then click Log in then click Add to cart for Blue Mug then verify the cart shows 1 item\" --url http://$addr --secret PASSWORD=demo123 -o $out"
"$bin" compile "go to the login page then type demo into Username then type demo123 into Password then click Log in then click Add to cart for Blue Mug then verify the cart shows 1 item" \
  --url "http://$addr" --secret PASSWORD=demo123 -o "$out"
echo
echo "\$ cat $out"
cat "$out"
echo
echo "\$ plaintest replay $out --var PASSWORD=demo123"
"$bin" replay "$out" --var PASSWORD=demo123
echo
echo "\$ plaintest prove $out --var PASSWORD=demo123"
"$bin" prove "$out" --var PASSWORD=demo123
