"""Words every game says: the article before a noun ("an 8\" ship", "a 200-mile card") and a
number agreeing with its noun ("1 card", "2 cards")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

_SAID_AS_A = ("one", "once", "uni", "use", "usu", "eu", "ewe")  # a vowel letter, a "y"/"w" sound
_SAID_AS_AN = ("hour", "honest", "honour", "heir")  # an "h" not said


def article(phrase: str) -> str:
    """The indefinite article for ``phrase``, by its first sound: "an" end of alert, "an"
    aircraft carrier, "an" 800-mile card, "an" 11,000 t convoy; "a" trawler, "a" 200-mile
    card, "a" unit."""
    word = phrase.strip().lower()
    if not word:
        return "a"
    if word[0].isdigit():
        digits = ""
        for ch in word:
            if ch.isdigit():
                digits += ch
            elif ch != ",":
                break
        # 8, 80, 800... are said "eight..."; 11 and 18 (and 11,000, 18,000) "eleven/eighteen"
        said_an = digits.startswith("8") or (digits[:2] in ("11", "18") and len(digits) % 3 == 2)
        return "an" if said_an else "a"
    if word.startswith(_SAID_AS_AN):
        return "an"
    if word.startswith(_SAID_AS_A):
        return "a"
    return "an" if word[0] in "aeiou" else "a"


def listing(items: Sequence[str]) -> str:
    """Words joined as a list is read: "a", "a and b", "a, b and c"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def flagged(pairs: Iterable[tuple[str, object]]) -> list[str]:
    """The words of ``pairs`` whose flag is true, in order: a piece's troubles ("on fire",
    "aground") or a card's marks, as a label or a sentence lists them."""
    return [word for word, on in pairs if on]


def quoted(text: object) -> str:
    """What a person typed or sent, quoted as prose (“-5”, “abc”), never as Python writes it
    ('abc'): how a refusal repeats what it refuses."""
    return f"“{text}”"


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word`` agreeing: "1 convoy", "2 convoys", "0 convoys" (``many`` for an
    irregular plural)."""
    return f"{count:,} {word if count == 1 else many or word + 's'}"


def plural_name(name: str) -> bool:
    """Whether a player's name is a plural ("Allies"): its verb agrees ("the Allies win"),
    as its possessive does ("Allies'")."""
    return name.endswith("s")


def wins(name: str) -> str:
    """``name`` and the verb "win" agreeing: "Germany wins", "Allies win"."""
    return f"{name} {'win' if plural_name(name) else 'wins'}"


def points(value: float) -> str:
    """A score as a page writes it: whole numbers without ".0", thousands with commas, and a
    minus sign ("−10", as the games' own sums write it), not a hyphen."""
    whole = float(value).is_integer()
    text = f"{int(value):,}" if whole else f"{value:,.1f}"
    return text.replace("-", "−")


#: a player's name that is a title, not a proper name ("First admiral"): it takes "the"
_TITLES = ("First ", "Second ", "Third ")


def takes_the(name: str) -> bool:
    """Whether a player's name needs "the" before it in a sentence: a plural ("the Allies")
    or a title ("the First admiral"), not a proper name ("Germany", "Player 2")."""
    return plural_name(name) or name.startswith(_TITLES)


def capital(text: str) -> str:
    """``text`` with its first letter a capital, the rest untouched ("The seat of A (south)"
    to open a sentence)."""
    return text[:1].upper() + text[1:]


def possessive(name: str) -> str:
    """A player's name as an owner: "Germany's", "Player 2's", and "Allies'" (a plural name
    ending in s takes the apostrophe alone)."""
    return f"{name}'" if plural_name(name) else f"{name}'s"


def owned(thing: str, name: str) -> str:
    """``thing`` as player ``name``'s, as a sentence reads it: "Germany's seat", "the Allies'
    seat", "the First admiral's seat", and "the seat of A (south)": a name that ends in
    brackets takes no "'s" ("A (south)'s seat" reads as a slip)."""
    if name.endswith(")"):
        return f"the {thing} of {name}"
    return f"{'the ' if takes_the(name) else ''}{possessive(name)} {thing}"
