// Site-wide helpers for the htmx pages (no strings: words come from the server).
//  * hotline.pollNow(): the status poll's filter: every tick while the page is
//    visible, one tick in six (about 18 s) in a background tab;
//  * the tab title follows #game-status[data-title] ("▶ #12 ..." on your turn);
//  * --bar-h holds the action bar's height, so the map can fit beside it;
//  * a new chat message id in #game-status[data-chat] fires "chat-changed"
//    (the chat lines reload on it): one poll serves the turn, presence and chat;
//  * messages that arrived while no chat box was in view are counted
//    (data-chat-count) in the status line's link and the tab title, "(2) ...",
//    until a chat box shows (words: the link's data-one / data-other, "99").
window.hotline = (function () {
  var ticks = 0, chat = null, seen = null, chatInView = false;
  function pollNow() {
    ticks += 1;
    return document.visibilityState === "visible" || ticks % 6 === 0;
  }
  function unread(status) {
    var count = status ? Number(status.dataset.chatCount) : NaN;
    if (isNaN(count)) { return 0; }
    if (seen === null || (chatInView && document.visibilityState === "visible")) { seen = count; }
    return Math.max(0, count - seen);
  }
  function showUnread(status, n) {
    var link = status && status.querySelector(".chat-unread");
    if (link) {
      link.hidden = n === 0;
      link.textContent = n === 1 ? link.dataset.one : (link.dataset.other || "").replace("99", String(n));
      var box = document.querySelector(".chat-box");
      if (box) { link.setAttribute("href", "#" + box.id); }
    }
    if (n > 0) { document.title = "(" + n + ") " + document.title; }
  }
  function watchChat() {
    var box = document.querySelector(".chat-box");
    if (!box || !window.IntersectionObserver || box.dataset.watched) { return; }
    box.dataset.watched = "1";
    new IntersectionObserver(function (entries) {
      chatInView = entries.some(function (e) { return e.isIntersecting; });
      if (chatInView) { sync(); }
    }).observe(box);
  }
  function sync() {
    var status = document.getElementById("game-status");
    if (status && status.dataset.title) { document.title = status.dataset.title; }
    watchChat();
    showUnread(status, unread(status));
    var marker = status ? status.dataset.chat : undefined;
    if (marker !== undefined) {
      if (chat !== null && marker !== chat && window.htmx) { htmx.trigger(document.body, "chat-changed"); }
      chat = marker;
    }
    document.querySelectorAll(".chat-lines").forEach(function (el) { el.scrollTop = el.scrollHeight; });
    var toggle = document.querySelector(".bar-toggle");
    if (toggle) { fold(toggle, sessionStorage.getItem("hotlineFolded") === toggle.dataset.seq); }
    var bar = document.querySelector(".action-bar");
    document.documentElement.style.setProperty("--bar-h", (bar ? bar.offsetHeight : 0) + "px");
  }
  // "Hide choices" folds the bar to its first line (to see the board on a phone);
  // it stays folded for this move only: the next decision always shows its choices.
  function fold(toggle, folded) {
    var choices = document.getElementById(toggle.getAttribute("aria-controls"));
    if (choices) { choices.hidden = folded; }
    toggle.setAttribute("aria-expanded", String(!folded));
    toggle.textContent = folded ? toggle.dataset.show : toggle.dataset.hide;
  }
  document.addEventListener("click", function (event) {
    var toggle = event.target.closest && event.target.closest(".bar-toggle");
    if (!toggle) { return; }
    var folded = toggle.getAttribute("aria-expanded") === "true";
    sessionStorage.setItem("hotlineFolded", folded ? toggle.dataset.seq : "");
    fold(toggle, folded); sync();
  });
  document.addEventListener("DOMContentLoaded", sync);
  document.addEventListener("htmx:afterSettle", sync);
  window.addEventListener("resize", sync);
  return { pollNow: pollNow, sync: sync };
})();

// The create-game form: show the chosen title's options and sides, and the
// time-control fields of the chosen kind. Without JavaScript everything shows.
(function () {
  function update(form) {
    var title = form.querySelector("[name=title_id]");
    form.querySelectorAll("[data-for-title]").forEach(function (el) {
      el.hidden = title && el.dataset.forTitle !== title.value;
    });
    var side = form.querySelector("select[name=side]");
    if (side && title) {
      var name = title.options[title.selectedIndex] ? title.options[title.selectedIndex].text : "";
      side.querySelectorAll("optgroup").forEach(function (group) {
        group.hidden = group.disabled = group.label !== name;
      });
      if (side.selectedOptions[0] && side.selectedOptions[0].parentNode.disabled) { side.value = ""; }
    }
    form.querySelectorAll("[data-when]").forEach(function (el) {
      var rule = el.dataset.when.split("="), input = form.querySelector("[name=" + rule[0] + "]");
      el.hidden = input && input.value !== rule[1];
    });
    form.querySelectorAll("[data-not-for-titles]").forEach(function (el) {
      el.hidden = !!title && el.dataset.notForTitles.split(" ").indexOf(title.value) >= 0;
    });
  }
  // Invitation lines: the first, the filled ones, and a button for one more.
  function foldLines(list) {
    var button = document.createElement("button");
    button.type = "button"; button.className = "more-lines"; button.textContent = list.dataset.moreText;
    function refresh() {
      button.hidden = !list.querySelector("li[hidden]");
    }
    list.querySelectorAll("li[data-extra-line]").forEach(function (line) {
      var filled = Array.prototype.some.call(line.querySelectorAll("input"), function (i) { return i.value; });
      line.hidden = !filled && !line.querySelector(".errorlist");
    });
    button.addEventListener("click", function () {
      var next = list.querySelector("li[hidden]");
      if (next) { next.hidden = false; var input = next.querySelector("input"); if (input) { input.focus(); } }
      refresh();
    });
    list.after(button);
    refresh();
  }
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("[data-create-game]");
    if (form) { update(form); }
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-create-game]").forEach(update);
    document.querySelectorAll("[data-create-game] .invitee-lines[data-more-text]").forEach(foldLines);
  });
})();

// What the Content-Security-Policy keeps out of the templates (no on*= handlers,
// no eval'd hx-trigger filters):
//  * [data-poll] (the status line) asks only when hotline.pollNow() says so, and
//    on visibilitychange only when the page became visible;
//  * form[data-confirm] asks before submitting; select[data-autosubmit] submits
//    its form on change; [data-remove-closest="sel"] removes its closest sel and
//    [data-remove-all="sel"] every sel, on click.
(function () {
  document.addEventListener("htmx:confirm", function (event) {
    if (!event.target.hasAttribute || !event.target.hasAttribute("data-poll")) { return; }
    var trigger = event.detail.triggeringEvent;
    var go = trigger && trigger.type === "visibilitychange"
      ? document.visibilityState === "visible" : window.hotline.pollNow();
    if (!go) { event.preventDefault(); }
  });
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) { event.preventDefault(); }
  });
  document.addEventListener("change", function (event) {
    var el = event.target;
    if (el.hasAttribute && el.hasAttribute("data-autosubmit") && el.form) { el.form.requestSubmit ? el.form.requestSubmit() : el.form.submit(); }
  });
  document.addEventListener("click", function (event) {
    var el = event.target.closest && event.target.closest("[data-remove-closest], [data-remove-all]");
    if (!el) { return; }
    if (el.dataset.removeAll) { document.querySelectorAll(el.dataset.removeAll).forEach(function (r) { r.remove(); }); }
    var row = el.dataset.removeClosest && el.closest(el.dataset.removeClosest);
    if (row) { row.remove(); }
  });
})();

// The answer to a move always wins over the status poll's panel refresh: a
// move (any request aimed at #game-panel that is not a GET) aborts a refresh
// in flight, and a refresh asked while a move is in flight is dropped (its
// answer would put the old choices back over the new ones).
(function () {
  var moving = 0;
  function aimsAtPanel(event) {
    var target = event.detail.target;
    return target && target.id === "game-panel";
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (!aimsAtPanel(event)) { return; }
    if (event.detail.requestConfig.verb === "get") {
      if (moving) { event.preventDefault(); }
      return;
    }
    moving += 1;
    htmx.trigger(document.getElementById("game-panel"), "htmx:abort");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (aimsAtPanel(event) && event.detail.requestConfig && event.detail.requestConfig.verb !== "get") {
      moving = Math.max(0, moving - 1);
    }
  });
})();

// A success or info flash ("You joined the game.") says what just happened: it
// goes once the game has moved on (the status poll saw a new move) instead of
// staying until the next page load; every flash has a dismiss button.
(function () {
  var seq = null;
  document.addEventListener("htmx:afterSettle", function () {
    var status = document.getElementById("game-status");
    if (!status) { return; }
    if (seq !== null && status.dataset.seq !== seq) {
      document.querySelectorAll(".messages [data-flash]").forEach(function (li) { li.remove(); });
    }
    seq = status.dataset.seq;
  });
})();
// "Next game" (the panel's link with data-next-game): the key n follows it,
// unless the player is typing (a note, the chat, a form field).
document.addEventListener("keydown", function (event) {
  if (event.key !== "n" || event.ctrlKey || event.metaKey || event.altKey) { return; }
  var target = event.target;
  if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
  var link = document.querySelector("a[data-next-game]");
  if (link) { window.location.href = link.href; }
});

// The service worker (static/js/sw.js, served at /sw.js): the site can be
// installed as an app with a window of its own.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", function () {
    navigator.serviceWorker.register("/sw.js").catch(function () { /* not installable here: nothing lost */ });
  });
}
