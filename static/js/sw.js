// Hotline's service worker (games/reach): installing it lets a phone give the
// site its own window ("Add to home screen"). There is no offline play: it
// answers no request itself, the network answers every one.
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });
