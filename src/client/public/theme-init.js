// Applies the saved or system colour theme before first paint (a file, not inline, to satisfy the CSP).
(function () {
  try {
    var saved = localStorage.getItem('theme');
    var dark = saved ? saved === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    if (dark) document.documentElement.classList.add('dark');
  } catch {
    // storage or matchMedia unavailable (private mode, old browsers): the light theme stays
  }
})();
