// Task manager: a table of processes whose columns (Name, CPU, Memory)
// and rows come in a random order on each load, with random figures, and
// a summary line giving nginx's CPU. nginx-proxy's name holds nginx.
// TRIP_MUTANT "trip-nginx-gone": nginx's row is left out (nginx-proxy's,
// which holds the word, stays).
(function () {
  const mutant = window.TRIP_MUTANT || "";
  const shuffle = (a) => {
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
  // CPU figures drawn without repeats, so no two processes share one.
  const cpus = shuffle([...Array(90).keys()]).slice(0, 4).map((n) => (n / 10 + 0.5).toFixed(1) + "%");
  const names = ["nginx", "nginx-proxy", "redis", "postgres"].filter((n) => n !== "nginx" || mutant !== "trip-nginx-gone");
  const procs = names.map((name, i) => ({
    Name: name,
    CPU: cpus[i],
    Memory: (20 + Math.floor(Math.random() * 400)) + " MB",
  }));
  const cols = shuffle(["Name", "CPU", "Memory"]);
  const head = document.querySelector("#procs thead tr");
  for (const c of cols) {
    const th = document.createElement("th");
    th.textContent = c;
    head.append(th);
  }
  const body = document.querySelector("#procs tbody");
  for (const p of shuffle(procs.slice())) {
    const tr = document.createElement("tr");
    for (const c of cols) {
      const td = document.createElement("td");
      td.textContent = p[c];
      tr.append(td);
    }
    body.append(tr);
  }
  const nginx = procs.find((p) => p.Name === "nginx");
  document.getElementById("summary").textContent = nginx ? "nginx CPU: " + nginx.CPU : "nginx is not running";
})();
