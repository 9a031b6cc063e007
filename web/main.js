// Loads the playground's WebAssembly. Everything else happens in Go.
"use strict";
(function () {
  function fail(err) {
    var m = document.getElementById("message");
    m.textContent = "The checker could not start: " + (err && err.message ? err.message : err) + ". Reload the page to try again.";
    m.hidden = false;
    var s = document.getElementById("summary");
    if (s) s.textContent = "The checker is not running.";
  }
  if (!("WebAssembly" in window) || typeof Go !== "function") {
    fail(new Error("this browser has no WebAssembly support"));
    return;
  }
  // The page arrives drawn (web/gensite) with read-only boxes, for
  // readers without JavaScript. Here they can be edited at once; text
  // typed before the checker takes over shows uncoloured until it does.
  ["robots", "selectors", "agents"].forEach(function (id) {
    document.getElementById(id).readOnly = false;
  });
  document.getElementById("robots").addEventListener("input", function () {
    if (!document.body.dataset.ready) document.getElementById("editor").classList.add("plain");
  });
  // The rewriter behind "Make it portable" is a module of its own,
  // loaded the first time it is asked for; it sets smolbotsPortable.
  var rewriter = null;
  window.smolbotsLoadPortable = function () {
    if (!rewriter) {
      var pgo = new Go();
      rewriter = WebAssembly.instantiateStreaming(fetch("portable.wasm"), pgo.importObject).then(function (r) {
        pgo.run(r.instance);
        if (typeof window.smolbotsPortable !== "function") throw new Error("the rewriter did not start");
        return window.smolbotsPortable;
      });
      rewriter.catch(function () { rewriter = null; });
    }
    return rewriter;
  };
  // The module downloads and compiles at once, but Go starts only once
  // the drawn page has been painted: its start-up holds the page's
  // thread, and the first verdicts should not wait for it.
  var go = new Go();
  var painted = new Promise(function (ok) {
    requestAnimationFrame(function () { setTimeout(ok, 0); });
  });
  var compiled = WebAssembly.instantiateStreaming(fetch("playground.wasm"), go.importObject)
    .then(function (r) { performance.mark("smolbots-compiled"); return r; });
  Promise.all([compiled, painted])
    .then(function (r) { performance.mark("smolbots-go-run"); return go.run(r[0].instance); })
    .catch(fail);
})();
