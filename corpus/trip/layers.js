// Hidden layers: the green Button's first click lays a blue Button over
// it, of the same name, so the second "click Button" must click the blue
// one on top (the green one is covered and cannot take a click).
// TRIP_MUTANT "trip-layer-under": the blue Button is laid under the green
// one, which stays on top and says so when clicked again.
(function () {
  const mutant = window.TRIP_MUTANT || "";
  const green = document.getElementById("green");
  const status = document.getElementById("status");
  green.onclick = () => {
    if (document.getElementById("blue")) {
      status.textContent = "Green button clicked twice";
      return;
    }
    status.textContent = "Green button clicked";
    const blue = document.createElement("button");
    blue.id = "blue";
    blue.type = "button";
    blue.textContent = "Button";
    if (mutant === "trip-layer-under") {
      green.style.zIndex = "3";
    }
    blue.onclick = () => { status.textContent = "Blue button clicked"; };
    green.after(blue);
  };
})();
