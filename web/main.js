// Loads the playground's WebAssembly. Everything else happens in Go,
// except opening a shared link before Go has loaded.
//
// index.html runs this file in its head, before the body is parsed (no
// defer): the build drew the default case into the body, and a shared
// link (#v1.…) must never show it, not even for one frame. The link's
// case goes into the page once the body is parsed; the rest waits for
// wasm_exec.js (DOMContentLoaded).
"use strict";
(function () {
  var root = document.documentElement;
  // The tables' cells turn sticky only when their box is about to
  // scroll (style.css says why); before that they look the same.
  root.classList.add("js");

  // A fragment that names no element of the page holds a case: its text
  // goes into the boxes as soon as the body is parsed, while the
  // checker loads. Until then the page is not drawn (style.css,
  // .opening); should the browser never finish reading the link, the
  // checker opens it.
  var hash = location.hash.replace(/^#/, "");
  var opened = Promise.resolve(false), opening = null;
  if (hash !== "") {
    root.classList.add("opening");
    opening = Promise.race([decodeLink(hash), new Promise(function (ok, no) {
      setTimeout(function () { no(unsupported("the browser took too long to unpack the link")); }, 2000);
    })]);
    opening.catch(function () {}); // handled once the body is parsed
    opened = new Promise(function (ok) { whenParsed(ok); }).then(function () {
      if (document.getElementById(hash)) {
        // The skip link's target, say: the default case is right.
        root.classList.remove("opening");
        return false;
      }
      return opening.then(showCase, function (err) { showCase(null, err); }).then(function () { return true; });
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }

  // whenParsed calls fn once the body has been parsed, before the
  // deferred scripts run.
  function whenParsed(fn) {
    if (document.readyState !== "loading") return fn();
    document.addEventListener("readystatechange", function parsed() {
      document.removeEventListener("readystatechange", parsed);
      fn();
    });
  }

  function start() {
    document.querySelectorAll(".table-wrap").forEach(function (w) {
      var stick = function () { w.classList.add("scrolled"); };
      ["pointerenter", "touchstart", "focusin", "scroll"].forEach(function (type) {
        w.addEventListener(type, stick, { once: true, passive: true });
      });
    });
    // A table wider than its box says so: while the box can scroll
    // further right, its section has data-more (style.css fades the
    // box's edge and shows "scroll sideways").
    document.querySelectorAll(".table-wrap").forEach(function (w) {
      var section = w.parentElement;
      var check = function () {
        var more = w.scrollWidth - w.clientWidth - w.scrollLeft > 1;
        if (more !== section.hasAttribute("data-more")) section.toggleAttribute("data-more", more);
      };
      w.addEventListener("scroll", check, { passive: true });
      if (typeof ResizeObserver === "function") {
        var watch = new ResizeObserver(check);
        watch.observe(w);
        var table = w.querySelector("table");
        if (table) watch.observe(table);
      }
      // Under a link the observer's first call, with the first layout,
      // is enough: reading the widths now would lay out the drawn
      // default case that the link's replaces, once for nothing. On the
      // default page that layout is the one shown, and the hint is then
      // in its first frame.
      if (!opening || typeof ResizeObserver !== "function") check();
    });
    // "Skip to the verdicts" moves the focus there without writing
    // #grid over the case in the address.
    document.querySelector(".skip").addEventListener("click", function (ev) {
      ev.preventDefault();
      var grid = document.getElementById("grid");
      grid.tabIndex = -1;
      grid.focus();
    });
    if (!("WebAssembly" in window) || typeof Go !== "function") {
      opened.then(function () { fail(new Error("this browser has no WebAssembly support")); });
      return;
    }
    // The page arrives drawn (web/gensite) with read-only boxes, for
    // readers without JavaScript. Here they can be edited at once; text
    // typed before the checker takes over shows uncoloured until it does.
    opened.then(function (link) { if (!link) editable(); });
    document.getElementById("robots").addEventListener("input", function () {
      if (!document.body.dataset.ready) document.getElementById("editor").classList.add("plain");
    });
    // The rewriter behind "Make it portable", the reports and the reading
    // of Fetch's answer are a module of their own (wasm/ondemand), loaded
    // the first time one is asked for, or when the pointer or the focus
    // reaches a button that asks for it; it sets smolbotsPortable,
    // smolbotsReport, smolbotsFetchView and smolbotsDecodeState (a link
    // this browser cannot read).
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
    // The module downloads and compiles at once, but Go starts only once
    // the page has been painted with its case: its start-up holds the
    // page's thread, and the first verdicts should not wait for it.
    var go = new Go();
    var painted = opened.then(function () {
      return new Promise(function (ok) {
        requestAnimationFrame(function () { setTimeout(ok, 0); });
      });
    });
    var compiled = WebAssembly.instantiateStreaming(fetch("playground.wasm"), go.importObject)
      .then(function (r) { performance.mark("smolbots-compiled"); return r; });
    Promise.all([compiled, painted])
      .then(function (r) { performance.mark("smolbots-go-run"); return go.run(r[0].instance); })
      .catch(fail);
  }

  // The permalink's DEFLATE, by the browser: the page's Go links no
  // compressor of its own. Without CompressionStream this rejects and Go
  // writes stored blocks instead.
  window.smolbotsDeflate = function (bytes) {
    return new Promise(function (ok) {
      ok(new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer());
    }).then(function (b) { return new Uint8Array(b); });
  };
  // The checker reads links with this too (it links no DEFLATE reader of
  // its own): the link the page was opened with is read once.
  window.smolbotsDecodeLink = function (h) {
    if (opening && h.replace(/^#/, "") === hash) return opening.then(resolveRecord);
    return decodeLink(h).then(resolveRecord);
  };

  // The Audit tab: the log is read here, in chunks, and given to the
  // on-demand module (core/audit); it never leaves the browser. A gzip
  // file is unpacked by the browser. Between chunks the page gets the
  // thread back, so a 50 MB log does not freeze it, and the progress bar
  // follows the bytes read.
  whenParsed(function () {
    var run = el("audit-run");
    if (!run) return;
    var file = el("audit-file"), paste = el("audit-paste"), bar = el("audit-progress");
    var status = el("audit-status"), result = el("audit-result"), drop = el("audit-drop");
    var dropped = null;
    file.addEventListener("change", function () { dropped = null; });
    drop.addEventListener("dragover", function (e) { e.preventDefault(); drop.classList.add("dragging"); });
    drop.addEventListener("dragleave", function () { drop.classList.remove("dragging"); });
    drop.addEventListener("drop", function (e) {
      e.preventDefault();
      drop.classList.remove("dragging");
      if (e.dataTransfer.files.length) dropped = e.dataTransfer.files[0];
      status.textContent = dropped ? "Ready to audit " + dropped.name + "." : status.textContent;
    });
    var early = function () { window.smolbotsLoadOnDemand().catch(function () {}); };
    run.addEventListener("pointerenter", early, { once: true });
    run.addEventListener("focus", early, { once: true });
    run.addEventListener("click", function () {
      var f = dropped || (file.files.length ? file.files[0] : null);
      if (!f && paste.value.trim() === "") {
        status.textContent = "Choose a log file, drop one on the bar above, or paste log lines first.";
        return;
      }
      run.disabled = true;
      status.textContent = "Loading the auditor…";
      auditLog(f, paste.value).then(function (out) {
        result.innerHTML = out.html;
        status.textContent = out.clients === 0 ? "No client made a request the audit could read." :
          out.ignored === 0 && out.breached ? "No client ignored the file as *, but it gives * no rule: see below who went where its other groups refuse (" + out.clients + (out.clients === 1 ? " client)." : " clients).") :
          out.ignored === 0 ? "No client ignored the file (" + out.clients + " clients)." :
          out.ignored + " of " + out.clients + " clients ignored the file.";
      }, function (err) {
        status.textContent = "The log could not be audited: " + err.message;
      }).then(function () { run.disabled = false; bar.hidden = true; });
    });

    function auditLog(f, pasted) {
      return window.smolbotsLoadOnDemand().then(function () {
        var robots = el("robots").value;
        var checked = document.querySelector("input[name=protocol]:checked");
        var why = window.smolbotsAuditStart({ robots: robots, protocol: checked ? checked.value : "any", name: f ? f.name : "pasted lines" });
        if (why) throw new Error(why);
        if (!f) return feed(new TextEncoder().encode(pasted));
        status.textContent = "Reading " + f.name + "…";
        bar.hidden = false;
        bar.value = 0;
        var read = 0;
        var counting = new TransformStream({ transform: function (chunk, out) { read += chunk.length; out.enqueue(chunk); } });
        return f.slice(0, 2).arrayBuffer().then(function (head) {
          head = new Uint8Array(head);
          var stream = f.stream().pipeThrough(counting);
          if (head[0] === 0x1f && head[1] === 0x8b) {
            if (typeof DecompressionStream !== "function") throw new Error("this browser cannot unpack a .gz file; unpack it first");
            stream = stream.pipeThrough(new DecompressionStream("gzip"));
          }
          var reader = stream.getReader();
          var last = performance.now();
          return (function next() {
            return reader.read().then(function (r) {
              if (r.done) return;
              feed(r.value);
              bar.value = f.size ? read / f.size : 1;
              if (performance.now() - last < 25) return next();
              return new Promise(function (ok) { setTimeout(ok, 0); }).then(function () { last = performance.now(); return next(); });
            });
          })();
        }).then(function () { return window.smolbotsAuditEnd(); });
      }).then(function (out) { return out || window.smolbotsAuditEnd(); });
    }

    // feed gives the module at most 256 KB at a time, so that no task
    // of the page's runs long.
    function feed(bytes) {
      for (var off = 0; off < bytes.length; off += 262144) {
        var why = window.smolbotsAuditWrite(bytes.subarray(off, off + 262144));
        if (why) throw new Error(why);
      }
    }
  });

  // "Test this capsule's pages", shown once a Fetch has answered: the
  // relay lists the same-host links of the fetched host's front page
  // (never its content) and they replace the Selectors box as one edit,
  // which the browser's undo takes back; the checker then answers for
  // them like any selectors typed.
  whenParsed(function () {
    var button = el("test-pages"), bar = el("test-pages-bar"), result = el("fetch-result");
    if (!button) return;
    new MutationObserver(function () {
      if (!result.hidden && frontPage(el("fetch-url").value)) bar.hidden = false;
    }).observe(result, { attributes: true, attributeFilter: ["hidden"] });
    button.addEventListener("click", function () {
      var status = el("test-pages-status"), front = frontPage(el("fetch-url").value);
      if (!front) {
        status.textContent = "Write a gemini:// or gopher:// host in the Fetch box first.";
        return;
      }
      var meta = document.querySelector('meta[name="smolbots-relay"]');
      var relay = meta ? meta.getAttribute("content") : "";
      button.disabled = true;
      status.textContent = "Asking the relay for the links of " + front + "…";
      fetch(relay + "/api/links?url=" + encodeURIComponent(front)).then(function (r) {
        return r.json().then(function (j) {
          if (!r.ok || j.error) throw new Error(j.error || "the relay answered " + r.status);
          return j;
        });
      }).then(function (j) {
        var links = [front].concat((j.links || []).filter(function (l) { return l !== front; }));
        var box = el("selectors");
        box.focus();
        box.select();
        // One edit the browser's undo takes back; where execCommand is
        // gone, the text is set and an input event sent instead.
        if (!document.execCommand("insertText", false, links.join("\n") + "\n")) {
          box.value = links.join("\n") + "\n";
          box.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertReplacementText" }));
        }
        // Worded as smolbots site words a walk: pages found, and what
        // was not seen.
        status.textContent = "Pages: " + links.length + " found from " + front + " (its links on this host, and the front page), in the Selectors box" +
          (j.truncated ? " (the first 1,000 links only)" : "") + (j.note ? "; " + j.note : "") + ". Undo takes them back.";
      }, function (err) {
        status.textContent = "The links could not be read: " + err.message;
      }).then(function () { button.disabled = false; });
    });

    // frontPage is the front page of the host a Fetch URL names:
    // gemini://host[:port]/ or gopher://host[:port]/ (its root menu).
    function frontPage(text) {
      var m = /^\s*(gemini|gopher):\/\/([^\/?#\s]+)/i.exec(text);
      return m ? m[1].toLowerCase() + "://" + m[2] + "/" : "";
    }
  });

  function el(id) { return document.getElementById(id); }

  function fail(err) {
    var m = el("message");
    m.textContent = "The checker could not start: " + (err && err.message ? err.message : err) + ". Reload the page to try again.";
    m.hidden = false;
    var s = el("summary");
    if (s) s.textContent = "The checker is not running.";
  }

  function editable() {
    ["robots", "selectors", "agents"].forEach(function (id) { el(id).readOnly = false; });
  }

  // showCase puts the link's case (st, from smolbotsDecodeLink) into the
  // page in place of the drawn default, and says that its verdicts are
  // being worked out; with err, it says why the link cannot be opened
  // and leaves the page empty. It sets the body's data-opened for the
  // checker: "case" (the boxes hold the link's case, and whatever is
  // typed into them counts; "edited" once something was typed or
  // ticked), "failed" (the boxes start empty), or
  // "pending" (this browser cannot decode: the boxes stay empty and
  // read-only, and the checker fills them).
  function showCase(st, err) {
    var body = document.body;
    body.removeAttribute("data-prerendered");
    ["grid", "crawlers", "lints", "lint-count", "facts", "explain", "robots-hl", "gutter-lines"].forEach(function (id) { el(id).textContent = ""; });
    el("editor").classList.add("plain");
    el("permalink").setAttribute("href", "#" + hash);
    var robots = "", selectors = "", agents = "", summary = "Loading the checker…", painted = false;
    if (st) {
      body.dataset.opened = "case";
      // A link that names a cell answers it first on a narrow screen:
      // the place is kept for the checker's sentence.
      if (st.cell) {
        el("answer-body").textContent = "Working out this link's answer…";
        el("answer").hidden = false;
      }
      // The checker writes into the address what was typed or ticked
      // before it took over.
      var edited = function () {
        if (!body.dataset.ready) {
          body.dataset.opened = "edited";
          // The record's verdicts are those of the case as shared.
          if (body.dataset.record === "shared") unpaintRecord();
        }
        el("case").removeEventListener("input", edited);
        document.querySelector(".inputs").removeEventListener("input", edited);
      };
      el("case").addEventListener("input", edited);
      document.querySelector(".inputs").addEventListener("input", edited);
      resolveRecord(st);
      if (st.shared) painted = paintRecord(st.shared);
      robots = st.robots;
      selectors = st.selectors;
      agents = st.agents;
      summary = "Checking the shared case…";
      el("line-endings").value = detectEnds(st.robots);
      document.querySelectorAll("[data-dialect-toggle]").forEach(function (cb) {
        cb.checked = st.hidden.indexOf(cb.dataset.dialectToggle) < 0;
      });
      var proto = el("served-" + protocolOf(st.protocol));
      if (proto) proto.checked = true;
    } else if (err && err.unsupported) {
      body.dataset.opened = "pending";
      summary = "Opening the shared case: it shows once the checker has loaded…";
    } else {
      body.dataset.opened = "failed";
      var m = el("message");
      m.textContent = "This link could not be opened: " + (err && err.message ? err.message : err) + " The page starts empty instead.";
      m.hidden = false;
    }
    el("robots").value = robots;
    el("selectors").value = selectors;
    el("agents").value = agents;
    if (body.dataset.opened !== "pending") editable();
    var lines = robots.replace(/\r\n?/g, "\n").split("\n").length, gutter = "";
    for (var n = 1; n <= Math.min(lines, 200); n++) gutter += '<span class="gl">' + n + "</span>";
    el("gutter-lines").innerHTML = gutter;
    el("summary").textContent = summary;
    // The grid's box keeps about the room the case's verdicts will take
    // (a row per agent and selector, and the head), so that they do not
    // push what is below when they come.
    var rows = nonBlank(selectors) * nonBlank(agents);
    if (rows > 0 && !painted) {
      el("grid").innerHTML = '<tbody aria-hidden="true"><tr><td class="reserve"></td></tr></tbody>';
      el("grid").querySelector("td").style.height = 24 * (Math.min(rows, 12) + 1.5) + "px";
    }
    root.classList.remove("opening");
  }

  // paintRecord draws the verdicts a link's record holds (readRecord)
  // into the grid and the Real crawlers table, marked as shared and not
  // yet checked: the checker draws its own over them, and says what
  // changed (#record). It says whether it drew.
  function paintRecord(r) {
    var words = ["unknown", "allow", "deny", "skip host", "never fetched"], icons = ["?", "✓", "✗", "⊘", "–"];
    var kinds = ["unknown", "allow", "disallow", "disallow skip-host", "never-fetched"];
    var k = 0, first = true;
    function cell(attrs, code) {
      var h = '<td><span class="cell shared ' + kinds[code] + '"' + attrs + ' data-verdict="' + kinds[code].split(" ")[0] + '"' +
        (first ? ' elementtiming="shared-verdict"' : "") + '><span class="icon" aria-hidden="true">' + icons[code] + "</span> " + words[code] + "</span></td>";
      first = false;
      return h;
    }
    var mark = "As shared on " + r.date + " (smolbots " + r.rev.slice(0, 10) + "), not yet checked.";
    var g = "<caption>Verdicts as shared: " + esc(mark) + '</caption><thead><tr><th scope="col">Agent</th><th scope="col">Selector</th>';
    r.dialects.forEach(function (d) { g += '<th scope="col">' + esc(d) + "</th>"; });
    g += "</tr></thead><tbody>";
    r.agents.forEach(function (a) {
      r.selectors.forEach(function (sel) {
        g += '<tr><th scope="row">' + esc(a) + '</th><td class="sel">' + esc(sel) + "</td>";
        r.dialects.forEach(function (d) { g += cell(' data-dialect="' + esc(d) + '" data-agent="' + esc(a) + '" data-selector="' + esc(sel) + '"', r.codes[k++]); });
        g += "</tr>";
      });
    });
    var c = '<thead><tr><th scope="col">Selector</th>';
    r.crawlers.forEach(function (id) { c += '<th scope="col">' + esc(id) + "</th>"; });
    c += "</tr></thead><tbody>";
    r.selectors.forEach(function (sel) {
      c += '<tr><td class="sel">' + esc(sel) + "</td>";
      r.crawlers.forEach(function (id) { c += cell(' data-crawler="' + esc(id) + '" data-selector="' + esc(sel) + '"', r.codes[k++]); });
      c += "</tr>";
    });
    el("grid").innerHTML = g + "</tbody>";
    if (r.crawlers.length) el("crawlers").innerHTML = c + "</tbody>";
    var note = el("record");
    note.textContent = mark;
    note.hidden = false;
    document.body.dataset.record = "shared";
    return true;
  }

  // unpaintRecord takes the record's verdicts away (the case was edited
  // before the checker took over).
  function unpaintRecord() {
    el("grid").textContent = "";
    el("crawlers").textContent = "";
    el("record").hidden = true;
    document.body.removeAttribute("data-record");
  }

  function esc(s) {
    return s.replace(/[&<>"']/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; });
  }

  // decodeLink reads a permalink fragment as core/state's Decode does,
  // with the browser's DecompressionStream: the same case, or an error
  // with the same words (err.unsupported where the browser has no
  // DecompressionStream, err.goMayRead where its DEFLATE reader refused
  // the stream: in both, the checker asks core/state in the on-demand
  // module). The state's fields are named as in Go, in lower case;
  // crawlers is null for the default choice.
  function decodeLink(hash) {
    return new Promise(function (ok) {
      var MAX_HASH = 1536 * 1024, MAX_DECODED = 1 << 20;
      hash = hash.replace(/^#/, "");
      var size = hash.length * 3 > MAX_HASH ? new TextEncoder().encode(hash).length : hash.length;
      if (size > MAX_HASH) throw new Error("the link is too long (" + size + " bytes; at most " + MAX_HASH + " are read)");
      // Undo what mail programs do to a long link (state's unmangle).
      if (/[ \t\r\n%]/.test(hash)) hash = hash.split("%20").join("").replace(/[ \t\r\n]/g, "");
      hash = hash.replace(/[.,;:!?)\]}>"']+$/, "");
      var empty = { robots: "", selectors: "", agents: "", hidden: [], cell: "", crawlers: null, protocol: "", custom: "", record: null, shared: null, recordValue: null };
      if (hash === "") return ok(empty);
      var dot = hash.indexOf(".");
      if (dot <= 0) throw new Error("the link does not hold a saved case (no version prefix such as v1.)");
      var version = hash.slice(0, dot);
      if (version !== "v1" && version !== "v2") throw new Error("the link was made by a newer or unknown version of the page (" + goQuote(version, 20) + "); it cannot be opened here");
      var z = unbase64url(hash.slice(dot + 1));
      if (!z) throw new Error("the link is damaged: its text is not valid (it may have been cut or wrapped by a mail program)");
      if (typeof DecompressionStream !== "function") throw unsupported("this browser cannot unpack the link");
      ok(inflate(z, MAX_DECODED + 1).then(function (raw) {
        if (raw.length > MAX_DECODED) throw new Error("the case in the link is too large (over " + MAX_DECODED + " bytes once unpacked)");
        return unmarshal(raw, empty, version === "v2");
      }, function () {
        // Go's reader may still take it (bytes after the last block, in
        // a browser that words its refusal otherwise): the checker then
        // asks the on-demand module.
        var e = new Error("the link is damaged: its content does not decompress (it may have been cut short)");
        e.goMayRead = true;
        throw e;
      }));
    });
  }

  // unsupported is an error that leaves the link to the checker.
  function unsupported(why) {
    var e = new Error(why);
    e.unsupported = true;
    return e;
  }

  // inflate unpacks raw DEFLATE, stopping once past limit bytes. Like
  // Go's reader, it ignores bytes after the last block (a word glued to
  // a link): Chromium's DecompressionStream has delivered all the output
  // by the time it refuses them ("Junk found after end of compressed
  // data"). Where another browser words it otherwise, the link fails
  // here and the checker opens it once loaded.
  function inflate(z, limit) {
    var ds = new DecompressionStream("deflate-raw");
    var w = ds.writable.getWriter();
    w.write(z).catch(function () {});
    w.close().catch(function () {});
    var r = ds.readable.getReader(), parts = [], n = 0;
    function joined() {
      var out = new Uint8Array(n), at = 0;
      parts.forEach(function (p) { out.set(p, at); at += p.length; });
      return out;
    }
    return (function more() {
      return r.read().then(function (c) {
        if (!c.done) {
          parts.push(c.value);
          n += c.value.length;
          if (n < limit) return more();
          r.cancel().catch(function () {});
        }
        return joined();
      }, function (err) {
        if (/junk/i.test(err && err.message)) return joined();
        throw err;
      });
    })();
  }

  // unbase64url is Go's base64.RawURLEncoding.DecodeString, null where
  // that fails.
  function unbase64url(s) {
    if (s.length % 4 === 1) return null;
    var out = new Uint8Array(Math.floor(s.length * 3 / 4)), o = 0, acc = 0, bits = 0;
    for (var i = 0; i < s.length; i++) {
      var c = s.charCodeAt(i), v;
      if (c >= 65 && c <= 90) v = c - 65;
      else if (c >= 97 && c <= 122) v = c - 71;
      else if (c >= 48 && c <= 57) v = c + 4;
      else if (c === 45) v = 62;
      else if (c === 95) v = 63;
      else return null;
      acc = (acc << 6) | v;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        out[o++] = acc >> bits;
        acc &= (1 << bits) - 1;
      }
    }
    return out.subarray(0, o);
  }

  // unmarshal reads state's records: a uvarint tag, a uvarint length and
  // that many bytes of UTF-8. Unknown tags are skipped; a repeated one
  // (but Hidden) is damage. Tag 9, the "Your reader" column, is read in
  // a v2 link only (v2 true), as core/state reads it.
  function unmarshal(raw, st, v2) {
    var damaged = new Error("the link is damaged: its content is not a saved case");
    var text = new TextDecoder("utf-8", { ignoreBOM: true }), seen = {}, i = 0;
    // uvarint is binary.Uvarint: its value, and as key its exact value
    // (tags past 2^53 included), or null where Go's gives n <= 0.
    function uvarint() {
      var v = 0, key = BigInt(0);
      for (var k = 0; k < 10 && i + k < raw.length; k++) {
        var b = raw[i + k];
        if (k === 9 && b > 1) return null;
        v += (b & 127) * Math.pow(2, 7 * k);
        key += BigInt(b & 127) << BigInt(7 * k);
        if (b < 128) {
          i += k + 1;
          return { v: v, key: String(key) };
        }
      }
      return null;
    }
    var record = null;
    while (i < raw.length) {
      var tag = uvarint();
      if (!tag) throw damaged;
      var size = uvarint();
      if (!size || size.v > raw.length - i) throw damaged;
      if (tag.v === 10) {
        // The record of the sender's verdicts: two records, neither.
        record = seen[tag.key] ? null : raw.subarray(i, i + size.v);
        seen[tag.key] = true;
        i += size.v;
        continue;
      }
      var v = text.decode(raw.subarray(i, i + size.v));
      i += size.v;
      if (tag.v !== 4 && seen[tag.key]) throw damaged;
      seen[tag.key] = true;
      switch (tag.v) {
        case 1: st.robots = v; break;
        case 2: st.selectors = v; break;
        case 3: st.agents = v; break;
        case 4: st.hidden.push(v); break;
        case 5: st.cell = v; break;
        case 7: st.crawlers = v.split(",").filter(function (id) { return id !== ""; }); break;
        case 8: st.protocol = v; break;
        case 9: if (v2) st.custom = v; break;
      }
    }
    // The record is read once the page's body is there (resolveRecord):
    // its columns may name the page's defaults.
    st.recordValue = record;
    return st;
  }

  // resolveRecord reads st's record, if any, into st.shared (what
  // paintRecord draws) and st.record (its value, for the checker), or
  // leaves both null where core/state would drop it.
  function resolveRecord(st) {
    if (st && st.recordValue && !st.shared && document.querySelector("[data-dialect-toggle]")) {
      st.shared = readRecord(st.recordValue, st);
      st.record = st.shared ? st.recordValue : null;
    }
    return st;
  }

  // defaultColumns are core/pageview's recordColumns, from the page's
  // own boxes: the dialects not hidden (none known with a reader of
  // one's own), and the Real crawlers the case's choice shows (null:
  // those ticked in the page as built).
  function defaultColumns(st) {
    var dialects = [], crawlers = [];
    document.querySelectorAll("[data-dialect-toggle]").forEach(function (cb) {
      if (st.hidden.indexOf(cb.dataset.dialectToggle) < 0) dialects.push(cb.dataset.dialectToggle);
    });
    document.querySelectorAll("[data-crawler-toggle]").forEach(function (cb) {
      var id = cb.dataset.crawlerToggle;
      if (st.crawlers ? st.crawlers.indexOf(id) >= 0 : cb.defaultChecked) crawlers.push(id);
    });
    return [st.custom ? null : dialects, crawlers];
  }

  // readList is core/state's: a column list, or "=" and the checksum
  // (FNV-1a 32) of the default list def; null where it does not resolve.
  function readList(s, def) {
    if (s.charAt(0) !== "=") return s.split(",").filter(function (id) { return id !== ""; });
    if (!def) return null;
    var h = 0x811c9dc5, j = def.join(",");
    for (var i = 0; i < j.length; i++) h = Math.imul(h ^ j.charCodeAt(i), 16777619) >>> 0;
    return s.slice(1) === ("0000000" + h.toString(16)).slice(-8) ? def.slice() : null;
  }

  // readRecord reads a link's record (core/state's record.go) for the
  // case st: its build, columns, rows and verdicts, or null where
  // core/state drops it (a hash not the case's, another format, damage,
  // a count not its layout's). The hash is FNV-1a 64 of the case's
  // records written again as core/state writes them.
  function readRecord(v, st) {
    if (v.length < 9 || v[0] !== 1) return null;
    var h = fnv64(marshal(st));
    if (le32(v, 1) !== h[1] || le32(v, 5) !== h[0]) return null;
    var i = 9, fields = [];
    for (var f = 0; f < 7; f++) {
      var n = 0, k = 0;
      for (;; k++) {
        if (k === 9 || i + k >= v.length) return null;
        n += (v[i + k] & 127) * Math.pow(2, 7 * k);
        if (v[i + k] < 128) break;
      }
      i += k + 1;
      if (n > v.length - i) return null;
      fields.push(v.subarray(i, i + n));
      i += n;
    }
    if (i !== v.length || fields[0].length > 64 || fields[1].length > 32) return null;
    var text = new TextDecoder("utf-8", { ignoreBOM: true }), def = defaultColumns(st);
    var agents = usedLines(st.agents, fields[4], true), sels = usedLines(st.selectors, fields[5], false);
    if (!agents || !sels) return null;
    if (agents.length === 0) agents = ["*"];
    var r = { rev: text.decode(fields[0]), date: text.decode(fields[1]), dialects: readList(text.decode(fields[2]), def[0]), crawlers: readList(text.decode(fields[3]), def[1]), agents: agents, selectors: sels };
    if (!r.dialects || !r.crawlers) return null;
    var n = agents.length * sels.length * r.dialects.length + sels.length * r.crawlers.length;
    if (n > 2048 || fields[6].length !== Math.ceil(n * 3 / 8)) return null;
    r.codes = [];
    for (var c = 0; c < n; c++) {
      var code = 0;
      for (var b = 0; b < 3; b++) code |= (fields[6][(c * 3 + b) >> 3] >> ((c * 3 + b) & 7) & 1) << b;
      if (code > 4) return null;
      r.codes.push(code);
    }
    return r;
  }

  // usedLines is core/state's: the box's non-blank lines whose bit is
  // set (trimmed as Go's TrimSpace for the agents), null when the bitset
  // is not the box's.
  function usedLines(box, used, trim) {
    var all = box.split(/[\r\n]/).filter(function (l) { return l.replace(/^[ \t]+|[ \t]+$/g, "") !== ""; });
    if (used.length !== Math.ceil(all.length / 8)) return null;
    return all.filter(function (l, i) { return used[i >> 3] >> (i & 7) & 1; }).map(function (l) {
      return trim ? l.replace(/^[^\S\ufeff]+|[^\S\ufeff]+$/g, "") : l;
    });
  }

  // marshal is core/state's Marshal of st without its record: the
  // records in their order, as byte arrays.
  function marshal(st) {
    var enc = new TextEncoder(), parts = [];
    function uvar(n) {
      var out = [];
      while (n >= 128) { out.push(n % 128 | 128); n = Math.floor(n / 128); }
      out.push(n);
      return Uint8Array.from(out);
    }
    function put(tag, v) {
      var b = enc.encode(v);
      parts.push(uvar(tag), uvar(b.length), b);
    }
    if (st.robots) put(1, st.robots);
    if (st.selectors) put(2, st.selectors);
    if (st.agents) put(3, st.agents);
    st.hidden.forEach(function (h) { put(4, h); });
    if (st.cell) put(5, st.cell);
    if (st.crawlers) put(7, st.crawlers.join(","));
    if (st.protocol && st.protocol !== "any") put(8, st.protocol);
    if (st.custom) put(9, st.custom);
    return parts;
  }

  // fnv64 is FNV-1a 64 over the byte arrays, as [high, low] 32-bit
  // halves.
  function fnv64(parts) {
    var hi = 0xcbf29ce4, lo = 0x84222325;
    parts.forEach(function (p) {
      for (var j = 0; j < p.length; j++) {
        lo = (lo ^ p[j]) >>> 0;
        // times 2^40 + 0x1b3, modulo 2^64
        var low = lo * 0x1b3, carry = Math.floor(low / 4294967296);
        hi = (hi * 0x1b3 + carry + (lo & 0xffffff) * 256) % 4294967296;
        lo = low % 4294967296;
      }
    });
    return [hi, lo];
  }

  function le32(v, at) {
    return (v[at] | v[at + 1] << 8 | v[at + 2] << 16 | v[at + 3] << 24) >>> 0;
  }

  // goQuote is Go's %.Nq for the printable ASCII a fragment holds.
  function goQuote(s, n) {
    s = Array.from(s).slice(0, n).join("");
    var named = { "\x07": "\\a", "\b": "\\b", "\f": "\\f", "\v": "\\v" };
    return '"' + s.replace(/[\\"]/g, "\\$&").replace(/[\x00-\x1f\x7f]/g, function (c) {
      return named[c] || "\\x" + ("0" + c.charCodeAt(0).toString(16)).slice(-2);
    }) + '"';
  }

  function nonBlank(text) {
    return text.split("\n").filter(function (l) { return l.trim() !== ""; }).length;
  }

  // detectEnds is pageview.DetectEnds: CRLF when every line ends so.
  function detectEnds(text) {
    var lf = (text.match(/\n/g) || []).length;
    return lf > 0 && (text.match(/\r\n/g) || []).length === lf && (text.match(/\r/g) || []).length === lf ? "crlf" : "lf";
  }

  // protocolOf is pageview.ProtocolOf.
  function protocolOf(s) {
    s = s.trim().toLowerCase();
    return s === "gemini" || s === "gopher" ? s : "any";
  }
})();
