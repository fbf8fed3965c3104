// Files: the toolbar's buttons show only a Font Awesome glyph (an <i>
// whose class draws it), so they have no name of their own. The plus adds
// an untitled file; the trash deletes the rows whose boxes are ticked.
// TRIP_MUTANT "trip-trash-first": the trash deletes the first row, not the
// ticked ones.
(function () {
  const mutant = window.TRIP_MUTANT || "";
  let files = [["notes.txt", "2 KB"], ["report.pdf", "180 KB"], ["photo.jpg", "1.2 MB"]];
  let added = 0;
  const body = document.querySelector("#files tbody");
  const status = document.getElementById("status");
  function render() {
    body.textContent = "";
    for (const [name, size] of files) {
      const tr = document.createElement("tr");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.dataset.name = name;
      const label = document.createElement("label");
      label.append(box, " " + name);
      const first = document.createElement("td");
      first.append(label);
      const second = document.createElement("td");
      second.textContent = size;
      tr.append(first, second);
      body.append(tr);
    }
    status.textContent = files.length === 1 ? "1 file" : files.length + " files";
  }
  document.getElementById("add").onclick = () => {
    added++;
    files.push(["untitled-" + added + ".txt", "0 KB"]);
    render();
  };
  document.getElementById("trash").onclick = () => {
    const ticked = [...body.querySelectorAll("input:checked")].map((b) => b.dataset.name);
    if (mutant === "trip-trash-first") {
      files = files.slice(ticked.length);
    } else {
      files = files.filter(([name]) => !ticked.includes(name));
    }
    render();
  };
  render();
})();
