// Changed places ringed on the board (games/briefing/). Each
// <div class="board-marks" data-kind="since|last" data-marks="[...]" hidden>
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
    document.querySelectorAll(".board-marks[data-marks]").forEach(function (node) {
      var cls = CLASSES[node.dataset.kind] || "changed", marks = [];
      try { marks = JSON.parse(node.dataset.marks); } catch (e) { return; }
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

// The log points at the map: a log line, a briefing paragraph or a place name
// in them (button.place-link) with data-places ([[attr, key], ...]) rings those
// places while it is hovered or focused, and a click (or Enter) scrolls the map
// to the first of them.
(function () {
  var ATTR = /^[a-z][a-z-]*$/;
  function places(item) {
    var list = [];
    try { list = JSON.parse(item.getAttribute("data-places")) || []; } catch (e) { return []; }
    var found = [];
    list.forEach(function (p) {
      if (!ATTR.test(p[0])) { return; }
      var sel = "[data-" + p[0] + '="' + CSS.escape(String(p[1])) + '"]';
      document.querySelectorAll(".game-board " + sel + ", .board " + sel).forEach(function (el) { found.push(el); });
    });
    return found;
  }
  function ring(event, on) {
    var item = event.target.closest && event.target.closest("[data-places]");
    if (!item) { return; }
    places(item).forEach(function (el) { el.classList.toggle("pointed", on); });
  }
  document.addEventListener("mouseover", function (e) { ring(e, true); });
  document.addEventListener("mouseout", function (e) { ring(e, false); });
  document.addEventListener("focusin", function (e) { ring(e, true); });
  document.addEventListener("focusout", function (e) { ring(e, false); });
  function go(event) {
    var item = event.target.closest && event.target.closest("[data-places]");
    if (!item || event.target.closest("a, button:not(.place-link)")) { return; }
    var first = places(item)[0];
    if (first) { first.scrollIntoView({block: "center", inline: "center", behavior: "smooth"}); }
  }
  document.addEventListener("click", go);
  document.addEventListener("keydown", function (e) { if (e.key === "Enter") { go(e); } });
})();
