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
  // The tables' cells turn sticky only when their box is about to
  // scroll (style.css says why); before that they look the same.
  document.documentElement.classList.add("js");
  document.querySelectorAll(".table-wrap").forEach(function (w) {
    var stick = function () { w.classList.add("scrolled"); };
    ["pointerenter", "touchstart", "focusin", "scroll"].forEach(function (type) {
      w.addEventListener(type, stick, { once: true, passive: true });
    });
  });
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
  // The rewriter behind "Make it portable", the reports and the reading
  // of Fetch's answer are a module of their own (wasm/ondemand), loaded
  // the first time one is asked for, or when the pointer or the focus
  // reaches a button that asks for it; it sets smolbotsPortable,
  // smolbotsReport and smolbotsFetchView.
  var ondemand = null;
  window.smolbotsLoadOnDemand = function () {
    if (!ondemand) {
      var ogo = new Go();
      ondemand = WebAssembly.instantiateStreaming(fetch("ondemand.wasm"), ogo.importObject).then(function (r) {
        ogo.run(r.instance);
        if (typeof window.smolbotsReport !== "function") throw new Error("the module did not start");
        return true;
      });
      ondemand.catch(function () { ondemand = null; });
    }
    return ondemand;
  };
  ["copy-report", "copy-gemtext", "make-portable"].forEach(function (id) {
    var b = document.getElementById(id);
    var early = function () { window.smolbotsLoadOnDemand().catch(function () {}); };
    b.addEventListener("pointerenter", early, { once: true });
    b.addEventListener("focus", early, { once: true });
  });
  // The permalink's DEFLATE, by the browser: the page's Go links no
  // compressor of its own. Without CompressionStream this rejects and Go
  // writes stored blocks instead.
  window.smolbotsDeflate = function (bytes) {
    return new Promise(function (ok) {
      ok(new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer());
    }).then(function (b) { return new Uint8Array(b); });
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
