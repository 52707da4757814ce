"""Where a page's time goes in chromium: a summary of a Chromium trace (used by
``benchmarks/classroom.py --trace FILE``).

The trace is recorded with the DevTools timeline categories (what the Performance panel records).
The summary adds up, on each renderer's main thread, the time of the top-level tasks' children by
kind: compiling and running scripts (split by the script's file), parsing HTML and style sheets,
style, layout, paint, garbage collection, and the rest; and the page's requests by type (bytes
and count).  Figures to read: a trace slows chromium down a little.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute",
              "blink", "loading", "disabled-by-default-v8.compile"]

#: Trace event names grouped as the Performance panel groups them.
KINDS = {
    "script: compile": ("v8.compile", "V8.CompileCode", "v8.compileModule", "V8.ScriptCompiler", "CompileScript",
                        "v8.parseOnBackground", "V8.CompileLazy", "CacheScript", "v8.produceCache"),
    "script: run": ("EvaluateScript", "v8.evaluateModule", "FunctionCall", "V8.Execute", "TimerFire",
                    "FireAnimationFrame", "EventDispatch", "RunMicrotasks", "XHRReadyStateChange",
                    "v8.run"),
    "garbage collection": ("MajorGC", "MinorGC", "V8.GCScavenger", "V8.GCFinalizeMC", "BlinkGC.AtomicPhase",
                           "ThreadState::performIdleLazySweep", "GCEvent", "V8.GC_MC_BACKGROUND_EVACUATE_COPY"),
    "parse HTML": ("ParseHTML",),
    "parse style sheets": ("ParseAuthorStyleSheet",),
    "style": ("UpdateLayoutTree", "RecalculateStyles", "ScheduleStyleRecalculation"),
    "layout": ("Layout", "UpdateLayerTree", "IntersectionObserverController::computeIntersections"),
    "paint": ("Paint", "PaintImage", "CompositeLayers", "PrePaint", "Layerize", "Commit", "RasterTask",
              "Decode Image", "UpdateLayer"),
    "fonts": ("FontCache::getFontData", "FontFaceSet::load", "LoadFont"),
}
KIND_OF = {name: kind for kind, names in KINDS.items() for name in names}


def summarise(trace_path: Path) -> dict[str, Any]:
    """Main-thread time of each renderer by kind (seconds), scripts' run time by file, and the tasks' total."""
    data = json.loads(Path(trace_path).read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    main_threads = {(e["pid"], e["tid"]) for e in events
                    if e.get("ph") == "M" and e.get("name") == "thread_name"
                    and e.get("args", {}).get("name") == "CrRendererMain"}
    # the pages' renderers: those that ran a script served over http (not chromium's own WebUI, such
    # as the omnibox popup headless chromium renders too)
    pages = {e["pid"] for e in events if e.get("name") == "EvaluateScript"
             and str(((e.get("args") or {}).get("data") or {}).get("url", "")).startswith("http")}
    main_threads = {t for t in main_threads if t[0] in pages}
    by_thread: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and (e.get("pid"), e.get("tid")) in main_threads and "dur" in e:
            by_thread[(e["pid"], e["tid"])].append(e)
    kinds: dict[str, float] = defaultdict(float)
    by_file: dict[str, float] = defaultdict(float)
    tasks = 0.0
    for thread_events in by_thread.values():
        thread_events.sort(key=lambda e: (e["ts"], -e["dur"]))
        # walk the nesting: each event's self time goes to its kind (or its nearest classified parent's)
        stack: list[tuple[dict[str, Any], str | None]] = []
        self_time: dict[int, float] = {}
        for e in thread_events:
            while stack and stack[-1][0]["ts"] + stack[-1][0]["dur"] <= e["ts"]:
                stack.pop()
            parent_kind = stack[-1][1] if stack else None
            kind = KIND_OF.get(e["name"], parent_kind)
            if not stack and e["name"] in ("RunTask", "ThreadControllerImpl::RunTask"):
                tasks += e["dur"] / 1e6
            if stack:
                parent = stack[-1][0]
                self_time[id(parent)] = self_time.get(id(parent), parent["dur"]) - e["dur"]
            self_time.setdefault(id(e), e["dur"])
            stack.append((e, kind))
            e["_kind"] = kind
            if e["name"] in ("EvaluateScript", "v8.compile", "FunctionCall", "v8.evaluateModule"):
                data = e.get("args", {}).get("data", {}) or {}
                url = data.get("url") or data.get("fileName") or "?"
                e["_file"] = url.rsplit("/", 1)[-1].split("?")[0] or "?"
            elif stack[:-1] and "_file" in stack[-2][0]:
                e["_file"] = stack[-2][0]["_file"]
        for e in thread_events:
            seconds = max(self_time.get(id(e), e["dur"]), 0) / 1e6
            kinds[e["_kind"] or "other"] += seconds
            if e["_kind"] and e["_kind"].startswith("script") and "_file" in e:
                by_file[e["_file"]] += seconds
    kinds.pop(None, None)
    elsewhere = sum(e["dur"] / 1e6 for e in events if e.get("ph") == "X" and "dur" in e
                    and e.get("name") in ("RunTask", "ThreadControllerImpl::RunTask")
                    and (e.get("pid"), e.get("tid")) not in main_threads)
    other = kinds.pop("other", 0.0)
    return {"pages": len(by_thread), "tasks": tasks, "elsewhere": elsewhere, "kinds": dict(kinds), "other": other,
            "files": dict(sorted(by_file.items(), key=lambda kv: -kv[1])[:8])}


def print_summary(summary: dict[str, Any], requests: list[tuple[str, str, int]]) -> None:
    pages = max(summary["pages"], 1)
    print(f"  chromium trace, per page (the main thread of {summary['pages']} page renderer(s), seconds; tasks in "
          f"all {summary['tasks'] / pages:.2f}; chromium's own processes beside them: {summary['elsewhere']:.2f} s "
          f"of tasks in all):")
    for kind, seconds in sorted(summary["kinds"].items(), key=lambda kv: -kv[1]):
        print(f"    {kind:20} {seconds / pages:5.2f}")
    print(f"    {'other (in tasks)':20} {summary['other'] / pages:5.2f}")
    if summary["files"]:
        print("    scripts by file: " + ", ".join(f"{name} {seconds / pages:.2f}"
                                                 for name, seconds in summary["files"].items()))
    if requests:
        by_type: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for _url, kind, size in requests:
            by_type[kind][0] += 1
            by_type[kind][1] += size
        print("  requests per page by type: " + ", ".join(
            f"{kind} {n / pages:.0f} ({size / pages / 2**20:.2f} MB)"
            for kind, (n, size) in sorted(by_type.items(), key=lambda kv: -kv[1][1])))
