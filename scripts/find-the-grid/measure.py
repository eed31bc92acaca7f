#!/usr/bin/env python3
"""Measures Sandtable's "Find the grid" on real map images against hex centres read by hand.

Run from a working directory holding the images under src/ (fetched as fetch.sh says):
    python3 measure.py [--bin PATH_TO_SANDTABLE] [--md table.md] [--overlay]
For each image it runs `sandtable calibrate w.json --image IMG --find-grid --hex ANCHOR --json`,
then puts every checked hex where the found grid says it is and compares with the centre read
by hand. The hand-read truth (orientation, size across the flats, turn and centres) is in TRUTH
below; a hex's place in the lattice (its step from the anchor) is counted in the true lattice,
so a grid of the wrong size or turn cannot hide behind the nearest centre. Stdlib only."""
import json, math, os, subprocess, sys

S3 = math.sqrt(3.0)

# name: (file, tops, across_px, turn_deg, [(label, x, y), ...]) -- the first centre is the anchor.
# Centres read by eye on enlarged crops with a pixel ruler (tools/crops.py), from the hex's
# vertices and flat edges. For images turned here (-rot*), the centres are those of the source
# image carried through the same rotation (rotated()), checked by eye on the turned image.
TRUTH = {}

def rotated(src, deg, w, h, w2, h2):
    """Centres of `src` (w x h) after ImageMagick's `-rotate deg` (clockwise, canvas grown to
    w2 x h2 around the same centre)."""
    f, tops, across, turn, pts = TRUTH[src]
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    out = []
    for lab, x, y in pts:
        dx, dy = x - w / 2, y - h / 2
        out.append((lab, w2 / 2 + c * dx - s * dy, h2 / 2 + s * dx + c * dy))
    t = turn + deg
    if abs(deg) == 90:
        tops = "pointy" if tops == "flat" else "flat"
        t = turn
    return tops, across, t, out

def basis(tops, across, turn_deg):
    """The two lattice steps, in pixels (y down, turn clockwise on the page)."""
    if tops == "flat":
        u, v = (across * S3 / 2, across / 2), (0.0, across)
    else:
        u, v = (across, 0.0), (across / 2, across * S3 / 2)
    c, s = math.cos(math.radians(turn_deg)), math.sin(math.radians(turn_deg))
    rot = lambda p: (c * p[0] - s * p[1], s * p[0] + c * p[1])
    return rot(u), rot(v)

def steps(d, u, v):
    """(i, j) with i*u + j*v nearest d."""
    det = u[0] * v[1] - u[1] * v[0]
    i = (d[0] * v[1] - d[1] * v[0]) / det
    j = (u[0] * d[1] - u[1] * d[0]) / det
    return round(i), round(j)

def measure(name, binary):
    f, tops, across, turn, pts = TRUTH[name]
    side = across / S3
    lab0, x0, y0 = pts[0]
    cmd = [binary, "calibrate", "w.json", "--image", f, "--find-grid",
           "--hex", f"1010@{x0:.1f},{y0:.1f}", "--json"]
    r = subprocess.run(cmd, capture_output=True, text=True)
    row = {"name": name, "file": f, "true": {"tops": tops, "across_px": across,
           "side_px": side, "turn_deg": turn}, "exit": r.returncode}
    try:
        j = json.loads(r.stdout)
    except ValueError:
        row["verdict"] = "error: " + (r.stderr.strip() or r.stdout.strip())[:200]
        return row
    g = j.get("found")
    if not g:
        row["verdict"] = "found nothing"
        row["why"] = j.get("not_found")
        return row
    row["found"] = {k: g[k] for k in ("tops", "across_px", "turn_deg", "confidence", "centre_px")}
    row["found"]["side_px"] = g["across_px"] / S3
    if g["tops"] != tops:
        row["verdict"] = "WRONG (orientation)"
        return row
    fu, fv = basis(g["tops"], g["across_px"], g["turn_deg"])
    tu, tv = basis(tops, across, turn)
    c = g["centre_px"]
    # The found centre nearest the anchor's hand-read centre (what --hex snaps to).
    i, k = steps((x0 - c[0], y0 - c[1]), fu, fv)
    ax, ay = c[0] + i * fu[0] + k * fv[0], c[1] + i * fu[1] + k * fv[1]
    row["anchor_cli"] = j.get("anchor")
    checks, worst = [], 0.0
    for lab, x, y in pts:
        di, dk = steps((x - x0, y - y0), tu, tv)   # the hex's step from the anchor, truly
        px, py = ax + di * fu[0] + dk * fv[0], ay + di * fu[1] + dk * fv[1]
        e = math.hypot(px - x, py - y) / side
        worst = max(worst, e)
        checks.append({"label": lab, "true": [round(x, 1), round(y, 1)],
                       "found": [round(px, 1), round(py, 1)], "err_sides": round(e, 3)})
    row["checks"] = checks
    row["worst_sides"] = round(worst, 3)
    row["verdict"] = "pass" if worst <= 0.1 else "WRONG"
    return row

# ---- the truth, read by hand -------------------------------------------------------------
TRUTH["kiev"] = ("src/dr-KievCorps.png", "flat", 55.2, 0.0, [
    ("1111", 513.0, 578.0), ("0203", 80.7, 164.8), ("2003", 944.6, 165.0),
    ("0219", 81.1, 1044.9), ("2019", 945.0, 1045.3)])
TRUTH["manchuria"] = ("src/dr-NewManchuria1976.png", "flat", 55.2, 0.0, [
    ("centre", 752.3, 880.3), ("top-left", 128.3, 302.6), ("top", 1040.5, 275.4),
    ("top-right", 1856.8, 137.8), ("bottom-left", 128.4, 1513.0), ("bottom-right", 1760.5, 1732.8)])
TRUTH["monmouth"] = ("src/dr-Monmouth1778_2nd.jpg", "flat", 118.15, 0.0, [
    ("centre", 1730.5, 1477.2), ("top-left", 195.6, 354.5), ("top-right", 3264.6, 354.5),
    ("bottom-left", 195.0, 2717.0), ("bottom-right", 3264.6, 2717.0)])
TRUTH["mollwitz"] = ("src/dr-Mollwitz2Redux.jpg", "flat", 118.12, 0.0, [
    ("centre", 1014.2, 827.2), ("top-left", 195.7, 236.6), ("top-right", 1832.3, 236.6),
    ("bottom-left", 195.8, 1535.5), ("bottom-right", 1832.5, 1536.3)])
TRUTH["fraustadt"] = ("src/dr-Fraustadt17062bSnow4.jpg", "flat", 118.12, 0.0, [
    ("centre", 1014.7, 827.0), ("top-left", 196.2, 236.6), ("top-right", 2139.4, 295.4),
    ("bottom-left", 195.6, 1536.0), ("bottom-right", 2140.4, 1595.1)])
TRUTH["ragnarok"] = ("src/jz-ragnarok-map.jpg", "pointy", 112.45, 0.0, [
    ("0913", 1431.2, 902.4), ("top-centre", 1656.8, 313.1), ("top-right", 2500.2, 217.4),
    ("0201", 137.3, 1584.8), ("0326", 2891.4, 1488.6)])
TRUTH["ragnarok-rot7"] = ("src/jz-ragnarok-map-rot7.jpg",) + rotated("ragnarok", 7, 3300, 2457, 3576, 2843)
TRUTH["kiev-rot-12"] = ("src/dr-KievCorps-rot-12.png",) + rotated("kiev", -12, 1026, 1127, 1240, 1317)
TRUTH["manchuria-rot90"] = ("src/dr-NewManchuria1976-rot90.png",) + rotated("manchuria", 90, 1888, 1842, 1842, 1888)
TRUTH["vassal-template"] = ("src/jz-template.png", "flat", 58.75, 0.0, [
    ("0107", 62.5, 690.5), ("0104", 62.7, 513.2), ("0801", 416.4, 365.8), ("0807", 416.4, 720.4)])
TRUTH["ragnarok-vassal"] = ("src/jz-ragnarok-vassal.png", "pointy", 44.05, 0.0, [
    ("middle", 309.1, 572.3), ("top", 485.4, 265.6), ("right", 748.7, 647.8),
    ("left", 45.0, 724.3)])
TRUTH["ragnarok-faint7"] = ("src/jz-ragnarok-map-faint7.jpg",) + TRUTH["ragnarok"][1:]
TRUTH["monmouth-faint15"] = ("src/dr-Monmouth1778_2nd-faint15.jpg",) + TRUTH["monmouth"][1:]
# Found nothing on these two: their hexes are drawn 4% wider than regular (columns 45.0 px
# apart, rows 50.0 px: a regular hexagon 50.0 px across has columns 43.3 px apart).
TRUTH["collapse"] = ("src/dr-Collapse.png", "flat", 50.0, 0.0, [
    ("0707", 299.7, 325.4), ("2617", 1154.8, 850.1)])
TRUTH["martian-iv"] = ("src/dr-MartianIV.png", "flat", 50.0, 0.0, [
    ("0711", 299.7, 525.4)])

def overlay(row, out):
    """A sheet of crops around each checked centre: green where it is printed, red where the
    found grid puts it (needs ImageMagick's convert and montage)."""
    tiles = []
    side = row["true"]["side_px"]
    r = max(20, int(1.3 * side))
    for k, c in enumerate(row.get("checks", [])):
        (tx, ty), (fx, fy) = c["true"], c["found"]
        x0, y0, s = int(tx) - r, int(ty) - r, 300 / (2 * r)
        t = f"/tmp/_overlay{k}.png"
        dot = lambda x, y: f"circle {(x - x0) * s:.1f},{(y - y0) * s:.1f} {(x - x0) * s + 4:.1f},{(y - y0) * s:.1f}"
        subprocess.run(["convert", row["file"], "-crop", f"{2 * r}x{2 * r}+{x0}+{y0}", "+repage",
                        "-filter", "point", "-resize", "300x300!", "-fill", "lime", "-draw", dot(tx, ty),
                        "-fill", "red", "-draw", dot(fx, fy), "-fill", "black", "-pointsize", "14",
                        "-draw", f"text 4,295 '{c['label']}: {c['err_sides']:.3f} side'", t], check=True)
        tiles.append(t)
    if tiles:
        subprocess.run(["montage", *tiles, "-tile", "3x", "-geometry", "+2+2", out], check=True)

def main():
    binary, md = "sandtable", None
    a = sys.argv[1:]
    if "--bin" in a: binary = a[a.index("--bin") + 1]
    if "--md" in a: md = a[a.index("--md") + 1]
    if not os.path.exists("w.json"):
        subprocess.run([binary, "sample", "winceby", "w.json"], check=True, capture_output=True)
    rows = [measure(n, binary) for n in TRUTH]
    json.dump(rows, open("results.json", "w"), indent=1)
    lines = ["| image | true: tops, side px, turn | found: tops, side px, turn, confidence | centres checked: error in hex sides | verdict |",
             "|---|---|---|---|---|"]
    for r in rows:
        t = r["true"]
        tt = f"{t['tops']}, {t['side_px']:.2f}, {t['turn_deg']:+.2f}°"
        if "found" in r:
            g = r["found"]
            ff = f"{g['tops']}, {g['side_px']:.2f}, {g['turn_deg']:+.2f}°, {g['confidence']:.2f}"
        else:
            ff = "nothing (" + (r.get("why") or "") + ")"
        cc = ", ".join(f"{c['label']} {c['err_sides']:.3f}" for c in r.get("checks", []))
        lines.append(f"| {r['name']} | {tt} | {ff} | {cc} | {r['verdict']} |")
    n = len(rows)
    p = sum(r["verdict"] == "pass" for r in rows)
    z = sum(r["verdict"] == "found nothing" for r in rows)
    w = sum(r["verdict"].startswith("WRONG") for r in rows)
    lines.append("")
    lines.append(f"{n} images: {p} pass, {z} found nothing, {w} wrong, {n - p - z - w} errors")
    out = "\n".join(lines)
    print(out)
    if md:
        open(md, "w").write(out + "\n")
    if "--overlay" in a:
        os.makedirs("overlays", exist_ok=True)
        for r in rows:
            overlay(r, f"overlays/{r['name']}.png")

if __name__ == "__main__":
    main()
