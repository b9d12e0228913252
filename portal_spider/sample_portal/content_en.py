"""English vocabulary for the sample portal's English-language styles (``slug``).

Written for this project, like ``content``; the same slot filler (``content.fill``) and the
same article shape (intro, themed sections, conclusion) as the Chinese articles.
"""

from __future__ import annotations

import random

from . import content as C

GAMES = [
    "Starbound Odyssey", "Oracle of the Rift", "Iron Dawn", "Azure Covenant", "Cloudsea Saga",
    "Abyss Hunters", "Throne Wars", "Mecha Storm", "Moonshadow Legends", "Wasteland Chronicle",
    "Dragon Soul Awakening", "Aurora Front", "Arcane Academy", "Last Ark", "Neon City Nights",
    "Tides of Ember",
]
HEROES = [
    "Aria", "Nightshade", "Red Fox", "Raine", "Luna", "Shadowblade", "Grom", "Nova", "Arthur",
    "Fio", "Sol", "Karl", "Windrunner", "Mia", "Rook", "Marga", "Silver Wolf", "Crane", "Sakura",
    "Northstar", "Raven", "Ember", "Talon", "Vesper",
]
ITEMS = [
    "Dawnbreaker", "Starfall Staff", "Dragonscale Armor", "Gale Boots", "Vampire Fang",
    "Sage's Stone", "Ring of the Void", "Radiant Badge", "Thunder Maul", "Frost Charm",
    "Heart of Fury", "Moonlit Pendant", "Flame Cloak", "Warden's Shield", "Hourglass of Ages",
    "Phoenix Crown",
]
BOSSES = [
    "Lava Behemoth", "Abyssal King", "Void Lord", "Fallen Seraph", "Skeleton King",
    "Storm Dragon", "Frost Tyrant", "Machine Core", "Spider Queen", "Shadow Twins",
    "Blood Moon Count", "Stone Gatekeeper", "Sandstorm Sultan", "Bog Witch", "Hydra",
]
MAPS = [
    "Misty Woods", "Molten Core", "Sky Citadel", "Sunken Temple", "Frozen Wastes",
    "Old Mine", "Twilight Fort", "Starfall Rift", "Dragonbone Canyon", "Gloom Crypt",
    "Storm Coast", "Endless Hall", "Jade Marsh", "Ashen Keep",
]
SKILLS = [
    "ultimate", "passive", "combo finisher", "dodge counter", "shield skill", "group heal",
    "crowd control", "dash", "burst skill", "summon", "charged strike", "elemental burst",
]
STATS = [
    "crit rate", "crit damage", "attack speed", "cooldown reduction", "max HP", "defense",
    "elemental mastery", "accuracy", "evasion", "move speed", "energy recharge", "penetration",
]
MODES = [
    "ranked ladder", "guild war", "abyss mode", "arena", "raid", "endless trial",
    "limited event", "cross-server battleground", "story mode", "survival challenge",
]
ROLES = ["tank", "damage dealer", "healer", "support", "assassin", "controller"]
RESOURCES = [
    "gold", "gems", "stamina", "upgrade stones", "summon tickets", "XP potions",
    "guild tokens", "ascension materials", "stardust", "skill books",
]

AUTHORS = [
    "Maya Chen", "Tom Hart", "Priya Nair", "Lucas Moreau", "Hana Sato", "Ben Okafor",
    "Elena Rossi", "Sam Whitfield", "{site} Staff",
]

POOLS = {
    "g": GAMES, "h": HEROES, "h2": HEROES, "i": ITEMS, "i2": ITEMS, "b": BOSSES,
    "m": MAPS, "m2": MAPS, "s": SKILLS, "s2": SKILLS, "st": STATS, "st2": STATS,
    "mode": MODES, "role": ROLES, "res": RESOURCES, "res2": RESOURCES,
}

# (template, category)
TITLES = [
    ("How to Beat the {b} in {g}", "guide"),
    ("{g}: The Best {h} Build for Patch {v}", "guide"),
    ("{g} Beginner's Guide: {n} Things I Wish I Knew Before Level {lv}", "guide"),
    ("Every Hidden Chest in {m}, {g} Edition", "guide"),
    ("{g} Patch {v} Notes Explained: {h} Buffed, {h2} Nerfed", "patch"),
    ("{g} {mode} Tier List for Season {n}", "pvp"),
    ("Is {h} Still Worth It in {g} Patch {v}?", "patch"),
    ("{g}: Farming {res} Fast Without Spending a Cent", "guide"),
    ("The {g} Team That Carried Me Through {mode}", "pvp"),
    ("{g}: {n} Mistakes Everyone Makes Against the {b}", "guide"),
    ("Why {i} Is the Most Underrated Item in {g}", "guide"),
    ("{g} {mode} Counters: Shutting Down {h} for Good", "pvp"),
    ("What Changed in {g} {v}: A Complete Rundown", "patch"),
    ("{g}: Clearing {m} With a Low-Level Squad", "guide"),
]

INTRO = [
    "A lot of readers have asked how {h} is supposed to be played in {g}.",
    "Patch {v} of {g} has been out for {n} weeks, and {mode} already feels different.",
    "Ask anyone about {g} and they will tell you the {b} is the wall most players hit.",
    "This guide collects what I learned over {k} hours of {g}, mostly the hard way.",
    "If you are stuck around level {lv}, read this one to the end.",
    "I have played {g} since the open beta and I still see people waste {res} every day.",
    "The {g} forums have been full of {h} threads lately, for better or worse.",
    "Before you spend a single unit of {res}, it is worth knowing where it matters most.",
]

SECTIONS = {
    "mechanics": ("Mechanics", [
        "The {s} of {h} has roughly {d} seconds of recovery, which is exactly when opponents punish you.",
        "Past {p}% {st} the returns drop off, so move extra rolls into {st2}.",
        "Few players know that the {s} can be cancelled just before landing for an extra hit.",
        "Damage is roughly attack times skill multiplier, scaled by {st} and {st2}.",
        "Turning damage numbers off makes it much harder to judge whether a build works.",
        "The second stage of the {s} only unlocks at level {lv}, which the tutorial never mentions.",
    ]),
    "build": ("Build", [
        "{i} is the core item for {h}; pair it with {i2} once you have the gold.",
        "Stack {st} first and only then think about {st2}.",
        "On a budget, {i2} does about {p}% of the job of {i} for a fraction of the cost.",
        "Swap {i} out for {i2} in {mode}, where burst matters more than sustain.",
        "Do not upgrade {i} past +{n} until your {res} income is steady.",
        "Our testing showed {st} gives the best damage per upgrade stone up to level {lv}.",
    ]),
    "team": ("Team", [
        "A {role} next to {h} covers the weak early game nicely.",
        "{h} and {h2} share a combo window of about {d} seconds, so call it out on voice.",
        "Two {role}s sounds greedy, but it is the most reliable setup for {mode}.",
        "Keep {h2} on the bench until the {b} reaches its second phase.",
        "Without a dedicated {role}, bring {i} to make up the difference.",
        "The {mode} meta rewards teams that commit to one win condition.",
    ]),
    "boss": ("Boss fight", [
        "The {b} telegraphs its slam with a red glow; dash sideways, never backwards.",
        "Save the {s} for phase two, when the {b} drops its guard for {n} seconds.",
        "Most wipes against the {b} come from standing in the puddles it leaves behind.",
        "Clear the adds within {t} seconds or the {b} heals to full.",
        "A {role} with {i} trivialises the first phase of the {b}.",
        "The arena in {m} has pillars that block the beam attack completely.",
    ]),
    "farming": ("Farming", [
        "{m} drops the most {res} per stamina at level {lv}.",
        "Run {m} before the daily reset; the bonus chest refreshes with it.",
        "The {mode} weekly rewards are worth more {res} than a full day of farming.",
        "Skip {m2} entirely until you can clear it in under {t} seconds.",
        "Stockpile {res2} during events; it is scarce the rest of the season.",
        "Auto-battle is fine for {m}, but do {m2} by hand for the bonus objectives.",
    ]),
    "patch": ("Patch changes", [
        "Patch {v} raised the {s} multiplier of {h} by {p}%.",
        "The {b} lost a phase in {v}, so speedruns got {n} seconds faster.",
        "{i} now costs {k} more {res}, which pushes it out of early builds.",
        "Matchmaking in {mode} now weighs recent results more heavily.",
        "{h2} took a quiet nerf to {st} that the patch notes barely mention.",
        "The new {m} map rotates in every {n} days.",
    ]),
    "pvp": ("PvP", [
        "In {mode}, {h} wins most duels below {p}% {st}.",
        "Bait out the {s} before committing; {h2} has no answer once it is on cooldown.",
        "Ranked games at the top are decided in the first {t} seconds.",
        "A {role} with {i} is the safest pick into an unknown team.",
        "Ban {h} in {mode} unless your team has two controllers.",
        "Watch the minimap: rotations decide more {mode} games than fights do.",
    ]),
}

CATEGORY_SECTIONS = {
    "guide": ["mechanics", "build", "team", "boss", "farming"],
    "patch": ["patch", "patch", "mechanics", "build", "team"],
    "pvp": ["pvp", "pvp", "mechanics", "build", "team"],
}

CONCLUSION = [
    "All in all, {h} is still one of the best investments in {g} right now.",
    "That is it for this {g} guide; tell us in the comments what worked for you.",
    "Guides are only a starting point, so adjust to your own roster.",
    "If patch {v} changes anything here, this article will be updated.",
    "Spend your {res} carefully: metas change, savings stay.",
]


def make_focus(rng: random.Random) -> dict:
    """The entities one article keeps coming back to."""
    return {
        "g": rng.choice(GAMES),
        "v": f"{rng.randint(1, 4)}.{rng.randint(0, 9)}",
        "h": rng.choice(HEROES),
        "b": rng.choice(BOSSES),
        "m": rng.choice(MAPS),
        "i": rng.choice(ITEMS),
        "mode": rng.choice(MODES),
    }


def make_title(rng: random.Random, focus: dict) -> tuple[str, str]:
    """(title, category)."""
    template, category = TITLES[rng.randrange(len(TITLES))]
    return C.fill(template, rng, focus, POOLS), category


def _sentences(rng: random.Random, focus: dict, templates: list[str]) -> str:
    return " ".join(C.fill(t, rng, focus, POOLS) for t in templates)


def make_paragraphs(rng: random.Random, focus: dict, category: str, min_paragraphs: int) -> list[str]:
    """An intro, themed sections (some under a numbered heading), a conclusion."""
    paragraphs = [_sentences(rng, focus, rng.sample(INTRO, rng.randint(2, 3)))]
    names = list(dict.fromkeys(rng.sample(CATEGORY_SECTIONS[category], k=len(CATEGORY_SECTIONS[category]))))
    headings = rng.random() < 0.5
    for number, name in enumerate(names, 1):
        heading, pool = SECTIONS[name]
        if number > 3 and len(paragraphs) >= min_paragraphs and rng.random() < 0.4:
            break
        if headings:
            paragraphs.append(f"{number}. {heading}")
        templates = rng.sample(pool, rng.randint(3, len(pool)))
        split = rng.randint(1, len(templates) - 1)
        paragraphs.extend(_sentences(rng, focus, chunk) for chunk in (templates[:split], templates[split:]))
    paragraphs.append(_sentences(rng, focus, rng.sample(CONCLUSION, rng.randint(1, 2))))
    return paragraphs
