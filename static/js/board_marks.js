// Changed places ringed on the board (games/briefing/). Each
// <script type="application/json" class="board-marks" data-kind="since|last">
// holds [{attr, key, text}]: every element [data-<attr>="<key>"] gets the class
// "changed" (since you last looked) or "changed-last" (the last move, or the
// move a replay page shows), and the change in its tooltip and accessible label
// ("Mexico: US 0, USSR 2 → US 1, USSR 0"). The marks are put back after every
// panel refresh (the board is re-rendered); "Seen" removes the briefing's;
// "Hide marks" (aria-pressed) turns them all off and on.
(function () {
  var ATTR = /^[a-z][a-z-]*$/, CLASSES = {since: "changed", last: "changed-last"};
  var KEY = "hotline-marks-hidden";
  function hidden() {  // remembered for the tab, so a refreshed panel keeps the choice
    var off = false;
    try { off = window.sessionStorage.getItem(KEY) === "1"; } catch (e) { off = false; }
    document.querySelectorAll(".marks-toggle").forEach(function (toggle) {
      toggle.setAttribute("aria-pressed", off ? "true" : "false");
      toggle.textContent = off ? toggle.dataset.show : toggle.dataset.hide;
    });
    return off;
  }
  function clear() {
    document.querySelectorAll("[data-mark-text]").forEach(function (el) {
      el.classList.remove("changed", "changed-last");
      var label = el.getAttribute("data-mark-label");
      if (label === null) { el.removeAttribute("aria-label"); } else { el.setAttribute("aria-label", label); }
      var tip = el.querySelector(":scope > title");
      if (tip && tip.dataset.plain !== undefined) { tip.textContent = tip.dataset.plain; }
      if (el.getAttribute("data-mark-title") !== null) { el.removeAttribute("title"); }
      ["data-mark-text", "data-mark-label", "data-mark-title"].forEach(function (a) { el.removeAttribute(a); });
    });
  }
  function mark(el, text, cls) {
    var label = el.getAttribute("aria-label");
    if (el.getAttribute("data-mark-text") === null) {
      if (label !== null) { el.setAttribute("data-mark-label", label); }
      el.setAttribute("data-mark-text", "");
    }
    el.setAttribute("data-mark-text", (el.getAttribute("data-mark-text") + " " + text).trim());
    el.setAttribute("aria-label", (label ? label + ". " : "") + text);
    el.classList.add(cls);
    var tip = el.querySelector(":scope > title");
    if (tip) {
      if (tip.dataset.plain === undefined) { tip.dataset.plain = tip.textContent; }
      tip.textContent += " · " + text;
    } else if (el.getAttribute("title") === null || el.getAttribute("data-mark-title") !== null) {
      el.setAttribute("data-mark-title", "");
      el.setAttribute("title", text);
    }
  }
  function apply() {
    clear();
    if (hidden()) { return; }
    document.querySelectorAll("script.board-marks").forEach(function (node) {
      var cls = CLASSES[node.dataset.kind] || "changed", marks = [];
      try { marks = JSON.parse(node.textContent); } catch (e) { return; }
      marks.forEach(function (m) {
        if (!ATTR.test(m.attr)) { return; }
        var sel = "[data-" + m.attr + '="' + CSS.escape(String(m.key)) + '"]';
        document.querySelectorAll(".board " + sel + ", .game-board " + sel).forEach(function (el) { mark(el, m.text, cls); });
      });
    });
  }
  document.addEventListener("DOMContentLoaded", apply);
  document.addEventListener("htmx:afterSettle", apply);
  document.addEventListener("click", function (event) {
    var toggle = event.target.closest(".marks-toggle");
    if (!toggle) { return; }
    var pressed = toggle.getAttribute("aria-pressed") === "true";
    try { window.sessionStorage.setItem(KEY, pressed ? "0" : "1"); } catch (e) { return; }
    apply();
  });
})();
