// The notifications page (games/reach/push.py): subscribe this browser through the
// service worker's push manager with the site's VAPID key, or unsubscribe it.
(function () {
  var box = document.querySelector("[data-push]");
  if (!box) { return; }
  var state = box.querySelector(".push-state");
  function say(text) { state.textContent = text; }
  function csrf() { var m = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/); return m ? decodeURIComponent(m[1]) : ""; }
  function key() {
    var raw = atob(box.dataset.key.replace(/-/g, "+").replace(/_/g, "/") + "==".slice(0, (4 - box.dataset.key.length % 4) % 4));
    return Uint8Array.from(raw, function (c) { return c.charCodeAt(0); });
  }
  function post(url, body) {
    return fetch(url, {method: "POST", credentials: "same-origin", body: JSON.stringify(body),
                       headers: {"Content-Type": "application/json", "X-CSRFToken": csrf()}});
  }
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) { say(box.dataset.unsupported); return; }
  navigator.serviceWorker.ready.then(function (reg) { return reg.pushManager.getSubscription(); })
    .then(function (sub) { say(sub ? box.dataset.on : box.dataset.off); });
  box.querySelector("[data-push-on]").addEventListener("click", function () {
    Notification.requestPermission().then(function (answer) {
      if (answer !== "granted") { say(box.dataset.denied); return null; }
      return navigator.serviceWorker.ready.then(function (reg) {
        return reg.pushManager.subscribe({userVisibleOnly: true, applicationServerKey: key()});
      }).then(function (sub) {
        var events = Array.prototype.map.call(box.querySelectorAll("[name=events]:checked"), function (i) { return i.value; });
        return post(box.dataset.subscribe, Object.assign(sub.toJSON(), {events: events, label: navigator.userAgent.slice(0, 100)}));
      }).then(function (answer) { say(answer.ok ? box.dataset.on : box.dataset.failed); });
    }).catch(function (error) { say(box.dataset.failed + " " + error.message); });
  });
  box.querySelector("[data-push-off]").addEventListener("click", function () {
    navigator.serviceWorker.ready.then(function (reg) { return reg.pushManager.getSubscription(); })
      .then(function (sub) {
        if (!sub) { return null; }
        return post(box.dataset.unsubscribe, {endpoint: sub.endpoint}).then(function () { return sub.unsubscribe(); });
      }).then(function () { say(box.dataset.off); });
  });
})();
