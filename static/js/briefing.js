// "Since you last looked" (games/briefing/): mark on the board every place the
// briefing lists as changed. #briefing-marks holds [{attr, key, text}]; each
// element [data-<attr>="<key>"] gets the class "changed" and the change in its
// tooltip and accessible label ("Panama: US 0 → US 2"). The marks come back
// after every panel refresh (the board is re-rendered) until "Seen" removes
// the briefing; "Hide marks" (aria-pressed) turns them off and on.
(function () {
  var SELECTORS = /^[a-z][a-z-]*$/;
  function marks() {
    var node = document.getElementById("briefing-marks");
    try { return node ? JSON.parse(node.textContent) : []; } catch (e) { return []; }
  }
  function hidden() {
    var toggle = document.querySelector(".marks-toggle");
    return toggle && toggle.getAttribute("aria-pressed") === "true";
  }
  function clear() {
    document.querySelectorAll(".changed[data-mark-text]").forEach(function (el) {
      el.classList.remove("changed");
      var label = el.getAttribute("data-mark-label");
      if (label === null) { el.removeAttribute("aria-label"); } else { el.setAttribute("aria-label", label); }
      el.removeAttribute("data-mark-text");
      el.removeAttribute("data-mark-label");
    });
  }
  function apply() {
    clear();
    if (hidden()) { return; }
    marks().forEach(function (m) {
      if (!SELECTORS.test(m.attr)) { return; }
      var found = document.querySelectorAll("[data-" + m.attr + '="' + CSS.escape(String(m.key)) + '"]');
      found.forEach(function (el) {
        var label = el.getAttribute("aria-label");
        if (label !== null) { el.setAttribute("data-mark-label", label); }
        el.setAttribute("data-mark-text", m.text);
        el.setAttribute("aria-label", (label ? label + ". " : "") + m.text);
        el.classList.add("changed");
        var tip = el.querySelector(":scope > title");
        if (tip && tip.textContent.indexOf(m.text) < 0) { tip.textContent += " · " + m.text; }
        else if (!tip) { el.setAttribute("title", m.text); }
      });
    });
  }
  document.addEventListener("DOMContentLoaded", apply);
  document.addEventListener("htmx:afterSettle", apply);
  document.addEventListener("click", function (event) {
    var toggle = event.target.closest(".marks-toggle");
    if (!toggle) { return; }
    var pressed = toggle.getAttribute("aria-pressed") === "true";
    toggle.setAttribute("aria-pressed", pressed ? "false" : "true");
    toggle.textContent = pressed ? toggle.dataset.hide : toggle.dataset.show;
    apply();
  });
})();
