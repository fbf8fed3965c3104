package main

// compileHelp is plaintest compile --help, with the model flags' part
// (modelHelp) put in at its %s.
const compileHelp = `
Compile plain-English actions into a Sandy v2.1 scenario by running them in a
real browser (Chromium, through the browser server --mcp names: plaintest's
built-in one, "builtin", the default, which can drive a remote browser with
--ws-endpoint or --cdp-endpoint; or the bundled @playwright/mcp,
"playwright-mcp"). Each
action is read against the page as the previous one left it; only steps that
really ran are kept, each with a stable Playwright selector, so the scenario
replays with no model ("plaintest replay"), through either server.

Actions are joined by "then", ";" or new lines, given as TEXT, as repeated
--step flags, or in a YAML/JSON file (-f) with url, actions, variables and
secrets. The rules translator reads one imperative step a sentence:
go to / open / reload / go back / go forward; click, double-click, hover;
type X into Y, fill Y with X, clear Y; select / choose / pick X (in a
native select, X whole words of one option's text; an ARIA combo box or
list box, a menu); set the Y slider to
X; check / uncheck / tick / turn on / turn off / toggle; press KEY (in Y);
expand / collapse; delete X; add X to the cart; wait N seconds; remember
the order number as ORDER (a value read from the page, {{ORDER}} in later
sentences, read again at replay). And checks,
with or without "verify": TEXT is shown / is gone, the Blue Mug row shows
$24.00, the Save button is disabled, the Email field is empty, the list
shows 3 items, X is the last item, A, B and C are in that order, the URL
ends with /cart, the page title is Todos. Name an element by its label,
text or placeholder (a link with no href by its text; a box covered by a
glyph is ticked through its label, in a shadow root too), a field alone of its kind by its kind
("the email box", "the search field"), or an unnamed one by its kind and
place ("the checkbox for Buy milk"); say which one with "for", "in" or "next to"
("click Add to cart for Blue Mug"). An action verb never becomes a check:
what cannot be done fails with the closest elements, and an action never
lands on static text that merely holds its words ("click OK in the alert"
with no dialog open fails: no dialog is open).

Each check reads one element, printed after it, written as the step's
element and description and in --json: the one its sentence names (the
Blue Mug row, the status, the progress bar), else the element showing the
text, one the action before it changed; never, after an action, text a
person could see on the page before (help, instructions): text hidden
until the action showed it is what the action did. A text check passes
only where a person sees the text (not in a hidden, zero-sized, off-page
or covered element). A value check reads the value
a person sees: a field's value, a select's chosen option, a checkbox's
state, a slider's value text. A check that held before its action is
printed as a warning. Elements inside open shadow roots (web components)
are found, acted on and checked like any other; on such a page checks
read text, counts and values through the shadow roots, slotted content
where its slot shows it. Elements inside frames (iframe by src or srcdoc,
another origin's too) are found when no other element of the page has
their name, else by naming the frame: "click Pay in the payment frame",
"the payment frame shows Payment accepted" (a frame is named by its
aria-label, title, name or id); they are exported inside their frame
(iframe[title="Payment"] >> internal:control=enter-frame >> ...). A check
of the page's text does not read a frame's: it fails saying which frame
shows the text.

Secrets (--secret NAME=VALUE) are typed while compiling and written as
required {{NAME}} variables: their values reach no file, log or prompt.
Actions are read as written, so a secret that is also page text still finds
its element; output shows it masked, in its encoded forms too.

Output: -o FILE (default .sandy/scenarios/<name>.json), replaced atomically
when every action compiled; a partial scenario left beside it by an earlier
compile is then removed. A compile that stops early (an action fails, the
browser is lost, Ctrl-C) leaves FILE as it was and writes the steps that ran
beside it as a partial scenario, FILE with .partial.json (mug.json gives
mug.partial.json), marked "status": "partial" in its metadata: validate and
replay refuse it unless --allow-partial. A screenshot and the page snapshot
of a failure go to --evidence. --report DIR writes DIR/index.html, a
self-contained HTML report of the compile (each action's tool calls, the
failure with its error, screenshot and page snapshot), and puts the
evidence in DIR unless --evidence is given.

Uploads ("upload notes.txt into Attachment") read only files in --files DIR
(default .sandy/files, as replay's): the scenario names the file relative
to it. The browser's dialogs ("accept the dialog", "type X into the prompt
and click OK"), tabs ("switch to the new tab", "switch to tab 2"), drags
("drag X to Y") and several options ("select A and B in LIST") are read too.

--prove proves each check as it compiles, on the page it passed on, as
plaintest prove does: it must fail where what it reads is broken (its
text changed or hidden, its state flipped, ...). A check that cannot fail
is refused, naming the mutation it survived. docs/prove.md says how.

--format also writes, beside FILE: nanoclaw, a NanoClaw replay bundle of
the run (FILE.replay.json: every MCP call the compile made, snapshots and
probes included, with its result or error and real times, model calls,
status and metrics; written for a partial compile too); chungoid, a
Chungoid flow (FILE.flow.yaml); playwright, a Playwright Test spec
(FILE.spec.ts). The flow and the spec are written only when every action
compiled. "plaintest export" makes the flow and the spec from a scenario
file.

%s

Reference: docs/compile.md (sentences, checks, secrets, output, timeouts),
docs/models.md (a language model), docs/exports.md (--format).

Example:
  plaintest compile "go to the login page then type demo into Username then type demo123 into Password then click Log in" \
      --url http://127.0.0.1:8080 --secret PASSWORD=demo123 -o login.json`
