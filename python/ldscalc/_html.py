"""A result as HTML for Jupyter: a table of its accesses and totals, each
access's lanes-by-banks picture beside it."""
from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import Result

COLUMNS = ("line", "source", "profile", "ways", "cycles", "ideal", "excess", "instructions")


def _cell(value: Any) -> str:
    return "<td>%s</td>" % html.escape(str(value))


def result_html(result: "Result") -> str:
    doc = result.json()
    rows = []
    for access in result.accesses:
        rec = access.record
        cells = "".join(_cell(rec.get(c, "")) for c in COLUMNS)
        try:
            picture = access.svg()
            picture = picture[picture.index("<svg"):]   # inline: no XML declaration
        except Exception:   # a failed access has no picture
            picture = html.escape(rec.get("error") or "")
        rows.append("<tr>%s<td>%s</td></tr>" % (cells, picture))
    head = "".join("<th>%s</th>" % c for c in COLUMNS + ("picture",))
    totals = "".join("<li>%s</li>" % html.escape(
        "%s (%s): cycles %s, ideal %s, excess %s, instructions %s"
        % (t["profile"], t.get("space", "shared"), t["cycles"], t["ideal"], t["excess"], t["instructions"]))
        for t in doc["totals"])
    expects = "".join("<li>%s %s</li>" % ("&#10003;" if e["ok"] else "&#10007;", html.escape(e["source"]))
                      for e in doc["expects"])
    return ("<div class=\"ldscalc\"><table><thead><tr>%s</tr></thead><tbody>%s</tbody></table>"
            "<p>totals</p><ul>%s</ul>%s</div>"
            % (head, "".join(rows), totals, "<p>expects</p><ul>%s</ul>" % expects if expects else ""))
