// Share target of the installed app (the manifest's share_target): an image shared to Twofold
// arrives here as a POST. It is kept in this worker's memory only (a QR code holds a secret: never
// in a cache), and the app, opened on /start?shared=1, asks for it once.
let sharedImage = null;

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.pathname !== '/share-target') return;
  event.respondWith(
    (async () => {
      try {
        const form = await event.request.formData();
        const image = form.get('image');
        sharedImage = image instanceof File ? image : null;
      } catch {
        sharedImage = null;
      }
      return Response.redirect('/start?shared=1', 303);
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data !== 'twofold:shared-image' || !event.source) return;
  event.source.postMessage({ type: 'twofold:shared-image', image: sharedImage });
  sharedImage = null;
});
