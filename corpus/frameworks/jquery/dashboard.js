// A server dashboard built with jQuery 3: a table filled from fixed
// snapshots, a Refresh button that loads the next one after a short delay
// (as a slow request would), and a region filter. The app is ours; the DOM
// is built by jQuery. window.FW_MUTANT (from /mutant.js) breaks one fact.
$(function () {
  const mutant = window.FW_MUTANT || "";
  const snapshots = [
    [["web-1", "eu", 35, "healthy"], ["web-2", "us", 48, "healthy"], ["db-1", "eu", 71, "healthy"], ["db-2", "us", 22, "healthy"]],
    [["web-1", "eu", 64, "healthy"], ["web-2", "us", 97, "overloaded"], ["db-1", "eu", 12, "healthy"], ["db-2", "us", 0, "down"]],
    [["web-1", "eu", 41, "healthy"], ["web-2", "us", 55, "healthy"], ["db-1", "eu", 38, "healthy"], ["db-2", "us", 30, "healthy"]],
  ];
  const names = { eu: "Europe", us: "United States" };
  let at = 0;

  function render() {
    const region = $("#region").val();
    const rows = snapshots[at].filter((r) => region === "all" || r[1] === region || mutant === "jq-filter-ignored");
    const $body = $("#servers tbody").empty();
    rows.forEach((r) => {
      $("<tr>")
        .append($("<td>").text(r[0]), $("<td>").text(names[r[1]]), $("<td>").text(r[2] + "%"), $("<td>").text(r[3]))
        .toggleClass("alert", r[3] !== "healthy")
        .appendTo($body);
    });
    const bad = rows.filter((r) => r[3] !== "healthy").length;
    $("#summary").text(bad === 0 ? "All servers healthy" : bad + (bad === 1 ? " server needs" : " servers need") + " attention");
  }

  $("#refresh").on("click", function () {
    const $btn = $(this).prop("disabled", true).text("Refreshing…");
    setTimeout(function () {
      if (mutant !== "jq-refresh-stale") at = (at + 1) % snapshots.length;
      $("#status").text("Showing snapshot " + (at + 1));
      render();
      $btn.prop("disabled", false).text("Refresh");
    }, 300);
  });
  $("#region").on("change", render);
  render();
});
