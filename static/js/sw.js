// Hotline's service worker (games/reach): installing it lets a phone give the
// site its own window ("Add to home screen"), and it shows web push notices
// (games/reach/push.py). There is no offline play: it answers no request itself.
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });
self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = {body: event.data ? event.data.text() : ""}; }
  event.waitUntil(self.registration.showNotification(data.title || "Hotline", {
    body: data.body || "", tag: data.tag || "hotline", data: {url: data.url || "/games/"},
    icon: "/static/icons/icon-192.png", badge: "/static/icons/icon-192.png"
  }));
});
self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/games/";
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (open) {
    for (var i = 0; i < open.length; i += 1) {
      if (open[i].url === url && "focus" in open[i]) { return open[i].focus(); }
    }
    return self.clients.openWindow(url);
  }));
});
