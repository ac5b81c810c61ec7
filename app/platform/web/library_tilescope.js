// What the browser loop (app/platform/run_browser.cpp) asks of the page, linked with --js-library.
mergeInto(LibraryManager.library, {
  // localStorage mirrors the config folder's files (emscripten's in-memory file system), key
  // 'tilescope:' + path. A browser that refuses storage (private modes) keeps them for the page's life.
  tilescope_restore_file__deps: ['$FS'],
  tilescope_restore_file: function(path) {
    const name = UTF8ToString(path);
    try {
      const text = window.localStorage.getItem('tilescope:' + name);
      if (text !== null) FS.writeFile(name, text);
    } catch (e) {
      console.warn('tilescope: ' + name + ' is not restored from the browser\'s storage: ' + e);
    }
  },
  tilescope_store_file__deps: ['$FS'],
  tilescope_store_file: function(path) {
    const name = UTF8ToString(path);
    try {
      const text = FS.readFile(name, {encoding: 'utf8'});
      if (window.localStorage.getItem('tilescope:' + name) !== text) window.localStorage.setItem('tilescope:' + name, text);
    } catch (e) {
      // no file yet, or no storage: the settings live as long as the page
    }
  },
  // The canvas as a PNG the browser downloads; called right after rendering, while the drawing
  // buffer still holds the frame.
  tilescope_download_canvas_png: function(name) {
    const file = UTF8ToString(name);
    Module.canvas.toBlob(function(blob) {
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = file;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(function() { URL.revokeObjectURL(a.href); }, 1000);
    }, 'image/png');
  },
  // The scenes for the page's picker (names, one a line).
  tilescope_page_scenes: function(names) {
    if (Module.onScenes) Module.onScenes(UTF8ToString(names).split('\n').filter(function(s) { return s.length > 0; }));
  },
  // Frames drawn so far (the tests wait on it).
  tilescope_page_frame_done: function(frame) { Module.frames = frame; },
  tilescope_page_failed: function(what) {
    if (Module.onFailure) Module.onFailure(UTF8ToString(what));
  },
});
