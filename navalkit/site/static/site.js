// navalkit's server-free play page: starts Pyodide, unpacks navalkit, and shows the views
// that navalkit.site.controller returns. The page decides nothing: it sends clicks (in the
// board's own coordinates) and choices to Python and draws the answer.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const gameId = params.get("game") || "branle_bas";
  const LIB = "/home/pyodide/navalkit-site";
  let page = null; // the Python controller.Page
  let info = null; // this game's row from Page.games()
  let queue = Promise.resolve(); // the requests to Python, in order
  let canTeach = false; // the page was opened with the teacher's link
  const timings = (window.navalkitTimings = {}); // seconds from start to each milestone

  // --- errors: always shown in the page, never a blank page ---------------------------------
  function fatal(text) {
    $("loading").hidden = true;
    $("app").hidden = true;
    const box = $("fatal");
    box.textContent = text;
    box.hidden = false;
    document.body.dataset.state = "error";
  }

  function describeError(err) {
    if (!err) return "unknown error";
    const text = err.message || String(err);
    // A Python traceback: its last line says what went wrong.
    const lines = text.trim().split("\n");
    return lines.length > 1 ? lines[lines.length - 1] + "\n\n" + text : text;
  }

  window.addEventListener("error", (e) => fatal("The page failed: " + describeError(e.error || e.message)));
  window.addEventListener("unhandledrejection", (e) => fatal("The page failed: " + describeError(e.reason)));

  // --- drawing a view -------------------------------------------------------------------------
  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function options(select, rows, value) {
    select.replaceChildren(
      ...rows.map(([label, v]) => {
        const o = el("option", "", label);
        o.value = String(v);
        return o;
      })
    );
    if (value !== undefined && value !== null) select.value = String(value);
  }

  function showMessage(view) {
    const box = $("message");
    box.replaceChildren();
    for (const text of view.messages) box.append(el("div", "info", text));
    if (view.refusal) {
      const r = view.refusal;
      const line = el("div", "refusal", "Not allowed: " + r.reason + " ");
      // the rule by its title, in Python's words (ClauseBook.cite, as on the Voila pages'
      // widgets.panels.refusal_html); its id and provenance in the tooltip alone: "SEED
      // BB-MOVES" read as code
      if (r.cite) {
        const cite = el("small", "rule", "(" + r.cite + ")");
        cite.title = r.rule + (r.provenance ? " (" + r.provenance + ": " + r.meaning + ")" : "");
        line.append(cite);
      }
      box.append(line);
    }
    if (view.error) box.append(el("div", "error", view.error));
  }

  // The list cuts a long move ("Prinz Eitel Friedrich + Cormoran: to area 26 (Ye"): the move
  // chosen is written out under it, wrapped, where the list is too narrow to show it whole (as
  // on the Voila pages, widgets.forms.legal_box)
  let measure = null;
  function showLegalWords() {
    const list = $("legal");
    const line = $("legal-words");
    const chosen = list.selectedOptions[0];
    const text = chosen ? chosen.textContent : "";
    if (!text || !list.clientWidth) {
      line.hidden = true;
      return;
    }
    measure = measure || document.createElement("canvas").getContext("2d");
    const style = getComputedStyle(list);
    measure.font = style.font;
    // the list's room for words: its width less its padding and the arrow (some 24 px)
    const room = list.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
    line.textContent = text;
    line.hidden = measure.measureText(text).width <= room;
  }

  // Settings in force: each by its label and value, with a "?" that shows (on a tap or a click,
  // never only on hover, which a touch screen lacks) what it does and where it comes from. Drawn
  // again only when the settings change, so that a help opened stays open between moves.
  let settingsShown = "";
  function showSettings(rows) {
    const key = JSON.stringify(rows || []);
    if (key === settingsShown) return;
    settingsShown = key;
    const changed = (rows || []).filter((r) => !r.own).length;
    $("settings-title").textContent =
      "Settings in force" + (changed ? " (" + changed + " not the game's own)" : ": the game's own");
    $("settings").replaceChildren(
      ...(rows || []).map((r, i) => {
        const li = el("li", "setting");
        const line = el("div", "setting-line");
        const said = el("span", "setting-words");
        said.append(r.label + ": ", el("b", "", r.value));
        if (!r.own) said.append(el("span", "changed", " (not the game's own)"));
        const mark = el("span", "badge badge-" + r.provenance, r.provenance);
        mark.title = r.meaning;
        const ask = el("button", "ask", "?");
        ask.type = "button";
        ask.setAttribute("aria-expanded", "false");
        ask.setAttribute("aria-controls", "setting-help-" + i);
        ask.setAttribute("aria-label", "What \u201c" + r.label + "\u201d does");
        ask.title = "What \u201c" + r.label + "\u201d does";
        const help = el("div", "setting-help");
        help.id = "setting-help-" + i;
        help.hidden = true;
        help.append(el("div", "", r.help));
        const source = el("div", "source");
        source.append(el("span", "badge badge-" + r.provenance, r.provenance), " " + r.meaning);
        help.append(source);
        ask.addEventListener("click", () => {
          help.hidden = !help.hidden;
          ask.setAttribute("aria-expanded", String(!help.hidden));
        });
        line.append(said, " ", mark, " ", ask);
        li.append(line, help);
        return li;
      })
    );
  }

  function show(view) {
    $("title").textContent = view.title;
    document.title = view.title + " · navalkit";
    $("board").innerHTML = view.svg;
    // the board's column is no wider than the board drawn (up to the CSS's 1000 px): a smaller
    // board (Branle-Bas, 688 px) keeps the side panel beside it, not a strip of page away
    const drawn = $("board").querySelector("svg");
    if (drawn && drawn.viewBox.baseVal) {
      const width = drawn.viewBox.baseVal.width;
      $("board").parentElement.style.maxWidth = Math.min(1000, width) + "px";
      $("board").style.setProperty("--drawn", width + "px"); // its size under "Bigger board"
    }
    $("status").textContent = view.status;
    $("description").textContent = "Position in words: " + view.description;
    showMessage(view);
    const cover = $("uncover");
    cover.hidden = !view.covered;
    cover.textContent = view.cover_label;
    options($("legal"), view.legal.map((text, i) => [text, i]));
    $("play-listed").disabled = view.legal.length === 0;
    showLegalWords();
    showSettings(view.settings);
    $("choice-row").hidden = view.choices.length === 0;
    options($("choice"), view.choices, view.choice);
    const earlier = view.log.length && view.log[0].n > 1 ? [el("li", "earlier", view.earlier)] : [];
    $("log").replaceChildren(
      ...earlier, // the list begins after the game did: say so (widgets.panels.EARLIER)
      ...view.log.map((e) => {
        const li = el("li", "", e.text);
        li.value = e.n;
        li.dataset.last = e.last; // a run of the same words is one entry (its events, not shown)
        return li;
      })
    );
    $("log").scrollTop = $("log").scrollHeight;
    $("undo").disabled = !view.can_undo;
    $("computer").disabled = view.over;
    // the teacher's switch and the seed (which tells every card to come) only on the teacher's link
    $("teacher-row").hidden = !view.can_teach;
    $("seed-label").hidden = !view.can_teach;
    $("teacher").checked = view.teacher;
    $("seed").value = view.seed === null ? "" : view.seed;
    canTeach = view.can_teach;
    $("opponent").value = view.opponent;
    $("players").value = String(view.players);
    // a two-player game against the computer: which side the person at the screen commands
    const sides = view.seat_names.map((name, i) => [name, i]);
    if ($("side").options.length !== sides.length) options($("side"), sides);
    $("side-label").hidden = info.max_players !== 2 || view.opponent === "human";
    $("side").value = String(view.side);
    // a whole move as it is typed, on a line of its own under the box (as the Voila pages
    // write it: panels.typed_example_html): in the box's placeholder a phone cut it off
    $("typed-example").hidden = !view.typed_example;
    $("typed-example").querySelector("i").textContent = view.typed_example || "";
    document.body.dataset.state = "ready";
  }

  // --- talking to Python ------------------------------------------------------------------------
  // Requests run one after the other, in the order made (a quick second click waits for the
  // first's answer instead of being lost). While any is waiting the page says it is busy
  // (aria-busy), for screen readers and for tests that wait for the answer.
  let waiting = 0;
  function act(method, args) {
    waiting += 1;
    document.body.setAttribute("aria-busy", "true");
    queue = queue
      .then(() => run(method, args))
      .finally(() => {
        waiting -= 1;
        if (waiting === 0) document.body.setAttribute("aria-busy", "false");
      });
    return queue;
  }

  async function run(method, args) {
    if (!page) return;
    if (method === "computer") $("status").textContent = "The computer is thinking…";
    await new Promise((resolve) => setTimeout(resolve, 0)); // let the page paint first
    try {
      show(JSON.parse(page.call(method, JSON.stringify(args || []))));
    } catch (err) {
      fatal("Python failed: " + describeError(err));
    }
  }

  function startOptions() {
    const seed = parseInt($("seed").value, 10);
    const opts = {
      opponent: $("opponent").value,
      players: parseInt($("players").value, 10) || info.default_players,
      side: $("side-label").hidden ? 0 : parseInt($("side").value, 10) || 0,
      teacher: canTeach && $("teacher").checked,
    };
    // no seed: a fresh deal (a student's page); the teacher may replay one on purpose
    if (canTeach && Number.isFinite(seed) && seed >= 0) opts.seed = seed;
    return opts;
  }

  function newGame(opts) {
    try {
      show(JSON.parse(page.start(gameId, JSON.stringify(opts))));
    } catch (err) {
      fatal("The game could not start: " + describeError(err));
    }
  }

  // The board: a click at screen coordinates becomes scene coordinates through the SVG's own
  // transform (its viewBox is the scene's size, whatever size the page draws it at).
  function boardClick(event) {
    const svg = $("board").querySelector("svg");
    if (!svg) return;
    const ctm = svg.getScreenCTM();
    if (!ctm) return;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
    act("click", [p.x, p.y]);
  }

  // --- save and resume ----------------------------------------------------------------------------
  // The Match's full record is kept in this browser to resume (as the class server keeps it behind
  // a resume code). The file offered for download is the teacher's full record, or on a student's
  // page what the player at the screen knows (no seed, no hidden card: it cannot be resumed).
  const saveKey = "navalkit-save-" + gameId;

  function save() {
    const text = page.save();
    let kept = true;
    try {
      localStorage.setItem(saveKey, text);
      $("resume-last").hidden = false;
    } catch (err) {
      kept = false; // private browsing: the teacher's file and text still work
    }
    if (canTeach) $("record").value = text;
    const file = JSON.parse(page.account());
    const link = $("download");
    if (link.href) URL.revokeObjectURL(link.href);
    link.hidden = Boolean(file.error);
    if (!file.error) {
      link.href = URL.createObjectURL(new Blob([file.text], { type: "application/json" }));
      link.download = file.name;
      link.textContent = canTeach ? "download the save" : "download what you saw";
    }
    const words = kept
      ? "Saved in this browser: press \u201cResume last save\u201d to carry on after a reload."
      : "This browser keeps nothing (private browsing): the game cannot be resumed after a reload.";
    $("message").replaceChildren(el("div", "info", words));
  }

  function wire() {
    $("board").addEventListener("click", boardClick);
    $("board").addEventListener("keydown", (e) => {
      if (e.key === "Escape") act("cancel");
    });
    // On a phone the board fits the screen's width; "Bigger board" (shown on a narrow screen
    // only) shows it at its drawn size, in a frame the finger scrolls sideways; off, it says
    // the words play.html gives it
    const biggerWords = $("bigger").textContent;
    $("bigger").addEventListener("click", (e) => {
      const on = $("board").classList.toggle("bigger");
      e.currentTarget.setAttribute("aria-pressed", String(on));
      e.currentTarget.textContent = on ? "Board to fit the screen" : biggerWords;
    });
    $("new").addEventListener("click", () => newGame(startOptions()));
    $("undo").addEventListener("click", () => act("undo"));
    $("computer").addEventListener("click", () => act("computer"));
    $("cancel").addEventListener("click", () => act("cancel"));
    $("uncover").addEventListener("click", () => act("uncover"));
    $("teacher").addEventListener("change", (e) => act("set_teacher", [e.target.checked]));
    $("choice").addEventListener("change", (e) => act("set_choice", [e.target.value]));
    $("legal").addEventListener("change", showLegalWords);
    window.addEventListener("resize", showLegalWords);
    $("play-listed").addEventListener("click", () => {
      const i = parseInt($("legal").value, 10);
      if (Number.isFinite(i)) act("play_listed", [i]);
    });
    const typed = () => {
      const text = $("typed").value;
      $("typed").value = "";
      act("play_typed", [text]);
    };
    $("play-typed").addEventListener("click", typed);
    $("typed").addEventListener("keydown", (e) => {
      if (e.key === "Enter") typed();
    });
    $("save").addEventListener("click", save);
    $("resume").addEventListener("click", () => act("resume", [$("record").value]));
    $("resume-last").addEventListener("click", () => act("resume", [localStorage.getItem(saveKey) || ""]));
    $("upload").addEventListener("change", async (e) => {
      const file = e.target.files[0];
      if (file) act("resume", [await file.text()]);
      e.target.value = "";
    });
    try {
      $("resume-last").hidden = !localStorage.getItem(saveKey);
    } catch (err) {
      $("resume-last").hidden = true;
    }
  }

  // --- How to play and the rules ---------------------------------------------------------------
  // Built with the site (site.json: the Voila play page's sections, by the same Python, every
  // rule's words escaped there), shown at once: a student reads them while Python loads.
  const manifestLoaded = fetch("site.json").then((r) => (r.ok ? r.json() : {}), () => ({}));

  async function showGuide() {
    const manifest = await manifestLoaded;
    const row = (manifest.games || []).find((g) => g.id === gameId);
    const guide = row && row.guide;
    if (!guide) return;
    if (!page) {
      $("title").textContent = row.title; // the game's name while Python loads
      document.title = row.title + " · navalkit";
    }
    $("how-to-title").textContent = guide.how_to_title;
    $("how-to").innerHTML = guide.how_to;
    $("how-to-box").hidden = !guide.how_to;
    $("rules-title").textContent = guide.rules_title;
    $("rules").innerHTML = guide.rules;
    $("guide").hidden = false;
  }

  // --- start ------------------------------------------------------------------------------------
  async function boot() {
    if (typeof loadPyodide !== "function") {
      throw new Error("pyodide/pyodide.js did not load: the site folder is incomplete (build it again with `navalkit build-site`).");
    }
    const t0 = performance.now();
    const lap = (name) => (timings[name] = (performance.now() - t0) / 1000);
    const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
    lap("pyodide");
    // the teacher key's hash, so that the teacher's link (and only it) opens the teacher's controls
    const manifest = await manifestLoaded;
    const hash = /^[0-9a-f]{64}$/.test(manifest.teacher_hash || "") ? manifest.teacher_hash : "";
    pyodide.runPython(`import os\nos.environ["NAVALKIT_TEACHER_HASH"] = "${hash}"`);
    $("loading").textContent = "Loading the games…";
    const response = await fetch("navalkit.zip");
    if (!response.ok) throw new Error("navalkit.zip could not be loaded (" + response.status + ")");
    pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: LIB });
    pyodide.runPython(`import sys\nif ${JSON.stringify(LIB)} not in sys.path: sys.path.insert(0, ${JSON.stringify(LIB)})`);
    page = pyodide.pyimport("navalkit.site.controller").Page();
    lap("navalkit");
    const games = JSON.parse(page.games());
    info = games.find((g) => g.id === gameId);
    if (!info) {
      throw new Error('There is no game "' + gameId + '" on this site. The games are: ' + games.map((g) => g.id).join(", ") + ".");
    }
    $("choice-label").textContent = info.choice_label.replace(/:$/, "");
    const label = (o) => info.opponent_labels[o] || o;
    options($("opponent"), info.opponents.map((o) => [label(o), o]));
    const counts = [];
    for (let n = info.min_players; n <= info.max_players; n++) counts.push([String(n), n]);
    options($("players"), counts);
    wire();
    $("loading").hidden = true;
    $("app").hidden = false; // before the first view: the board's clicks need its layout
    // The link's options (seed, players, opponent, side, the game's settings) are read by
    // Python, the same way the Voila play pages read theirs; what does not fit is said.
    try {
      show(JSON.parse(page.open(gameId, location.search.replace(/^\?/, ""))));
    } catch (err) {
      fatal("The game could not start: " + describeError(err));
    }
    lap("board");
  }

  showGuide().catch(() => {}); // without them the game still plays
  boot().catch((err) => fatal("The game could not start: " + describeError(err)));
})();
