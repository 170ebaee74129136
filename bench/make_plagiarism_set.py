"""Build the labelled copy-detection set, ``bench/data/plagiarism_labelled.jsonl``.

Every text here was written for this project. Six short source passages, and for each:
responses that splice a source passage in verbatim, with light edits (synonyms, a dropped
or added word, clauses swapped), reworded by hand, inside quotation marks, with an
attribution, copying text the prompt supplied, copying that the prompt asked for, and an
original answer on the same topic. Light edits are generated with a fixed seed, so the file
is reproducible: ``python bench/make_plagiarism_set.py``.

Each row: ``{id, kind, prompt, response, sources: [{name, text}], copied: [[start, end]],
expect_counted}`` where ``copied`` are the response spans taken from a source (empty for
originals and heavy rewording) and ``expect_counted`` says whether a detector should count
them against the response.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

OUT = Path(__file__).resolve().parent / "data" / "plagiarism_labelled.jsonl"

SOURCES = {
    "lighthouse": (
        "The Bell Rock Lighthouse stands on a reef eleven miles off the coast of Angus in "
        "Scotland. Built between 1807 and 1810 by Robert Stevenson, it is the oldest surviving "
        "sea-washed lighthouse in the world. Workers could only build during the few hours of "
        "low tide each day, so the granite blocks were cut and fitted together on shore before "
        "being shipped out to the rock. The dovetailed stones lock into one another, which is "
        "why the tower has withstood more than two centuries of North Sea storms. Its light was "
        "automated in 1988, and the last keepers left the rock that year."
    ),
    "tardigrade": (
        "Tardigrades are microscopic animals about half a millimetre long that live in moss, "
        "soil and sediment all over the planet. When their surroundings dry out they curl into "
        "a dehydrated state called a tun, in which their metabolism drops to less than a "
        "hundredth of its normal rate. In this state they have survived freezing close to "
        "absolute zero, heating above one hundred degrees Celsius and even exposure to the "
        "vacuum of space on a European satellite mission in 2007. Once water returns, a "
        "tardigrade can rehydrate and walk again within a few hours."
    ),
    "sourdough": (
        "A sourdough starter is a mixture of flour and water colonised by wild yeasts and "
        "lactic acid bacteria. The bacteria produce lactic and acetic acids, which give the "
        "bread its sour taste and help it keep longer, while the yeasts produce the carbon "
        "dioxide that makes the dough rise. A healthy starter roughly doubles in size within "
        "six to eight hours of feeding at room temperature. Bakers usually discard part of the "
        "starter before each feeding so that the remaining culture does not become too acidic "
        "for the yeasts to thrive."
    ),
    "monsoon": (
        "The South Asian monsoon is driven by the difference in temperature between the "
        "Indian Ocean and the land mass of the subcontinent. In early summer the land heats "
        "faster than the sea, low pressure forms over the plains, and moist winds blow in from "
        "the south-west. Kerala usually receives the first monsoon rains around the first of "
        "June, and the rains spread north over the following six weeks. Roughly seventy percent "
        "of India's annual rainfall arrives during these four months, which makes the timing "
        "of the monsoon crucial for farmers who grow rice and pulses."
    ),
    "printing": (
        "Johannes Gutenberg developed his movable type printing press in Mainz around 1450. "
        "His key inventions were a hand mould that could cast large numbers of identical "
        "metal letters and an oil-based ink that stuck to metal type. The Gutenberg Bible, "
        "completed around 1455, was printed in about one hundred and eighty copies, of which "
        "fewer than fifty survive today. Within fifty years printing shops had opened in more "
        "than two hundred European towns, and the price of books fell sharply as a result."
    ),
    "octopus": (
        "The common octopus has around five hundred million neurons, and about two thirds of "
        "them are located in its eight arms rather than in its brain. Each arm can taste and "
        "touch what it explores and can carry out simple movements without instructions from "
        "the central brain. Octopuses change colour and texture with cells called "
        "chromatophores, which are controlled directly by nerves and can switch patterns in a "
        "fraction of a second. Most species live for only one to two years and die soon after "
        "breeding."
    ),
}

REWORDED = {
    "lighthouse": (
        "Off the Angus coast sits a reef where Robert Stevenson's team put up a tower in the "
        "first decade of the nineteenth century; no older lighthouse that the sea washes over is "
        "still standing. Because the rock was only exposed for a short spell at each low tide, "
        "the stones were shaped on land first and then ferried across. Their interlocking joints "
        "explain how it has lasted through so many gales. Keepers were withdrawn when the lamp "
        "became automatic in the late eighties."
    ),
    "tardigrade": (
        "These tiny creatures, barely visible without a microscope, turn up in damp moss and "
        "soil across the globe. If they dry out, they pull themselves into a barrel shape and "
        "slow their chemistry almost to a standstill. Like that they can cope with extreme cold, "
        "scalding heat and, as a 2007 satellite experiment showed, open space. Add water and "
        "within hours they are moving about again."
    ),
    "sourdough": (
        "What bakers call a starter is just flour and water that wild yeast and bacteria have "
        "moved into. The bacteria's acids are what make the loaf tangy and slow to go stale; the "
        "yeast supplies the gas that lifts it. If it is thriving, the jar should roughly double "
        "a few hours after you feed it, and throwing some away first stops it getting so sour "
        "that the yeast struggles."
    ),
    "monsoon": (
        "India's summer rains come from a temperature contrast: the land warms up sooner than "
        "the ocean, pressure falls over the plains and humid air is pulled in from the "
        "south-west. The rains generally reach the southern tip at the start of June and work "
        "their way north over about a month and a half. Since most of the country's yearly rain "
        "falls in this season, farmers watch its arrival closely."
    ),
    "printing": (
        "Around the middle of the fifteenth century, Gutenberg in Mainz came up with a way to "
        "mass-produce metal letters using a hand mould, and with an ink that would cling to "
        "them. His famous Bible appeared a few years later in a run of under two hundred, and "
        "only a few dozen are left. Half a century on, presses were working in hundreds of "
        "towns and books had become much cheaper."
    ),
    "octopus": (
        "Most of an octopus's nerve cells are not in its head at all but spread along its arms, "
        "which can sense and move largely on their own. Its skin can shift colour and pattern "
        "almost instantly thanks to nerve-driven pigment cells. The animals are short-lived, "
        "usually dying within a couple of years, shortly after they reproduce."
    ),
}

ORIGINAL = {
    "lighthouse": (
        "Lighthouses on offshore rocks were some of the hardest engineering projects of their "
        "time. Building one meant working in short windows between tides, storing materials "
        "on a ship or a nearby island, and designing a tower heavy enough to resist waves. Many "
        "were later automated, and today most are monitored remotely."
    ),
    "tardigrade": (
        "Tardigrades, sometimes called water bears, are a favourite of biology teachers because "
        "they are easy to find in a clump of damp moss. Under a cheap microscope you can watch "
        "them clamber around on their stubby legs. Researchers study them to learn how cells "
        "can be protected from drying out."
    ),
    "sourdough": (
        "To keep a starter going, feed it regularly with equal weights of flour and water and "
        "keep it somewhere warm. If you bake only on weekends, storing it in the fridge between "
        "bakes slows it down. A starter that smells of nail polish is hungry and needs feeding "
        "more often."
    ),
    "monsoon": (
        "Weather services publish a forecast of the monsoon's onset every spring, and the "
        "date is followed closely by governments and markets. A late or weak monsoon can raise "
        "food prices, while an unusually strong one brings flooding to low-lying districts."
    ),
    "printing": (
        "Before printing, books in Europe were copied by hand, often in monasteries, and a "
        "single volume could take months to produce. The printing press changed who could own "
        "books and helped ideas travel faster, which historians link to the spread of the "
        "Reformation and of scientific work."
    ),
    "octopus": (
        "Octopuses are famous for escaping from aquarium tanks and for opening jars to reach "
        "food. Scientists who work with them describe each animal as having its own "
        "personality. Because they are so short-lived, they cannot pass what they learn on to "
        "the next generation."
    ),
}

TOPIC = {
    "lighthouse": "the Bell Rock Lighthouse",
    "tardigrade": "tardigrades",
    "sourdough": "sourdough starters",
    "monsoon": "the Indian monsoon",
    "printing": "Gutenberg's printing press",
    "octopus": "octopus intelligence",
}

SYNONYMS = {
    "built": "constructed",
    "oldest": "most ancient",
    "surviving": "remaining",
    "world": "globe",
    "workers": "labourers",
    "only": "just",
    "each": "every",
    "cut": "shaped",
    "shipped": "sent",
    "why": "the reason",
    "storms": "gales",
    "automated": "made automatic",
    "left": "departed",
    "microscopic": "tiny",
    "live": "dwell",
    "planet": "world",
    "dry": "desiccate",
    "drops": "falls",
    "survived": "endured",
    "close": "near",
    "returns": "comes back",
    "mixture": "blend",
    "produce": "make",
    "taste": "flavour",
    "keep": "last",
    "rise": "swell",
    "healthy": "thriving",
    "roughly": "approximately",
    "usually": "normally",
    "part": "some",
    "driven": "caused",
    "difference": "contrast",
    "faster": "more quickly",
    "forms": "develops",
    "receives": "gets",
    "spread": "move",
    "crucial": "vital",
    "grow": "cultivate",
    "developed": "created",
    "key": "main",
    "large": "big",
    "identical": "matching",
    "completed": "finished",
    "survive": "remain",
    "opened": "appeared",
    "sharply": "steeply",
    "around": "about",
    "located": "found",
    "explores": "investigates",
    "simple": "basic",
    "change": "alter",
    "controlled": "governed",
    "switch": "change",
    "die": "perish",
}


def sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.;])\s+(?=[A-Z])", text)


def light_edit(text: str, rng: random.Random) -> str:
    """Synonyms for about one word in eight, one word dropped, one added, clauses swapped."""
    words = text.split(" ")
    out = []
    for word in words:
        core = word.strip(".,;")
        if core.lower() in SYNONYMS and rng.random() < 0.5:
            word = word.replace(core, SYNONYMS[core.lower()])
        out.append(word)
    if len(out) > 12:
        del out[rng.randrange(4, len(out) - 4)]
        out.insert(
            rng.randrange(4, len(out) - 4), rng.choice(["really", "actually", "also", "still"])
        )
    edited = " ".join(out)
    if ", and " in edited and rng.random() < 0.5:
        head, tail = edited.split(", and ", 1)
        if tail.endswith("."):
            edited = tail[0].upper() + tail[1:-1] + ", and " + head[0].lower() + head[1:] + "."
    return edited


def build() -> list[dict[str, object]]:
    rng = random.Random(13)
    rows: list[dict[str, object]] = []

    def add(kind: str, name: str, prompt: str, parts: list[tuple[str, bool]], expect: bool) -> None:
        response, copied = "", []
        for text, is_copy in parts:
            if response:
                response += " "
            start = len(response)
            response += text
            if is_copy:
                copied.append([start, len(response)])
        rows.append(
            {
                "id": f"{name}-{kind}-{len([r for r in rows if r['kind'] == kind and str(r['id']).startswith(name)])}",
                "kind": kind,
                "prompt": prompt,
                "response": response,
                "sources": [{"name": name, "text": SOURCES[name]}],
                "copied": copied,
                "expect_counted": expect,
            }
        )

    for name, source in SOURCES.items():
        topic = TOPIC[name]
        sents = sentences(source)
        ask = f"Can you tell me about {topic}?"
        intro = f"Here is a short answer about {topic}."
        outro = "I hope this gives you a useful starting point."
        # verbatim: two splices (one sentence; two consecutive sentences)
        add("verbatim", name, ask, [(intro, False), (sents[1], True), (outro, False)], True)
        add(
            "verbatim",
            name,
            ask,
            [(intro, False), (" ".join(sents[2:4]), True), (outro, False)],
            True,
        )
        # light edits of the same splices
        add(
            "light_edits",
            name,
            ask,
            [(intro, False), (light_edit(sents[1], rng), True), (outro, False)],
            True,
        )
        add(
            "light_edits",
            name,
            ask,
            [(intro, False), (light_edit(" ".join(sents[2:4]), rng), True), (outro, False)],
            True,
        )
        # heavy rewording: no copied span to count
        add("heavy_rewording", name, ask, [(REWORDED[name], False)], False)
        # quoted, with and without attribution
        add(
            "quoted",
            name,
            ask,
            [
                (intro, False),
                (f'One account puts it this way: "{sents[1]}"', False),
                (outro, False),
            ],
            False,
        )
        add("quoted", name, ask, [(intro, False), (f"“{sents[2]}”", False), (outro, False)], False)
        # attributed without quotation marks
        add(
            "attributed",
            name,
            ask,
            [
                (intro, False),
                (
                    f"According to the Encyclopedia of Everything, {sents[1][0].lower()}{sents[1][1:]}",
                    False,
                ),
                (outro, False),
            ],
            False,
        )
        add(
            "attributed",
            name,
            ask,
            [(intro, False), (f"{sents[2]} (Smith, 2019)", False), (outro, False)],
            False,
        )
        # the prompt supplied the text
        pasted = " ".join(sents[1:3])
        add(
            "prompt_supplied",
            name,
            f"Here is a paragraph from my notes: {pasted} Can you fix the grammar and tell me if it is clear?",
            [("Your paragraph is clear. Here it is unchanged:", False), (pasted, False)],
            False,
        )
        # copying the prompt asked for
        add(
            "requested",
            name,
            f"Quote the exact sentence from the standard reference text about {topic} that describes it.",
            [("Here is the sentence:", False), (sents[1], False)],
            False,
        )
        # original answer on the same topic
        add("original", name, ask, [(ORIGINAL[name], False)], False)
    return rows


def main() -> None:
    rows = build()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    kinds: dict[str, int] = {}
    for row in rows:
        kinds[str(row["kind"])] = kinds.get(str(row["kind"]), 0) + 1
    print(f"wrote {len(rows)} cases to {OUT}: {kinds}")


if __name__ == "__main__":
    main()
