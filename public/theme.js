// Sets the theme before the first paint (the app shell in index.html is drawn in it):
// the choice remembered by the app, else the system's. The app keeps it in step afterwards.
(function () {
  var theme = 'system';
  try {
    var stored = JSON.parse(localStorage.getItem('wirebench-ui') || '{}');
    if (stored && (stored.theme === 'light' || stored.theme === 'dark')) theme = stored.theme;
  } catch (e) {
    // Unreadable preferences: follow the system.
  }
  if (theme === 'system') theme = window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.dataset.theme = theme;
})();
