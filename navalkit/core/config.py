"""Game settings: frozen dataclasses whose fields carry their provenance.

A game declares ``@dataclass(frozen=True) class Config`` with fields made by
:func:`setting`. :func:`make_config` turns keyword arguments into a Config and refuses
unknown names and wrong values with a :class:`ConfigError` that says what would work.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from contextlib import suppress
from typing import Any, TypeVar

from .clauses import Provenance
from .errors import ConfigError
from .words import listing, quoted

C = TypeVar("C")


def setting(
    default: Any,
    *,
    provenance: Provenance,
    help: str,
    choices: Sequence[Any] | None = None,
    low: int | None = None,
    high: int | None = None,
    rule: str | None = None,
    label: str | None = None,
    words: Mapping[Any, str] | None = None,
) -> Any:
    """A Config field with its provenance, a sentence of help, its allowed values and the
    plain words a page shows for it (``label``; the name with spaces if none) and for its
    values (``words``, a choice's words where its code name would not read plainly: "roll
    again" for ``reroll``; see :func:`value_words`)."""
    if words is not None and (choices is None or not set(words) <= set(choices)):
        raise ValueError("a setting's words name some of its choices")
    meta = {
        "label": label,
        "provenance": provenance,
        "help": help,
        "choices": tuple(choices) if choices is not None else None,
        "low": low,
        "high": high,
        "rule": rule,
        "words": dict(words) if words is not None else None,
    }
    return dataclasses.field(default=default, metadata=meta)


def span_words(low: int | None, high: int | None) -> str:
    """What a number setting with bounds ``low`` and ``high`` can be, in words ("from 20 to
    5,000", "at least 0"; "" without bounds): the settings' frame says it, and a refusal."""
    if low is not None and high is not None:
        return f"from {low:,} to {high:,}"
    if low is not None:
        return f"at least {low:,}"
    if high is not None:
        return f"at most {high:,}"
    return ""


def _check(value: Any, field: dataclasses.Field[Any]) -> None:
    """Refuse ``value`` for the setting ``field`` with a ConfigError in plain
    words that names the setting by its label (a teacher read "setting 'target' must be at
    least 10; got -5" under the dashboard's form, which says "Points to win")."""
    meta = field.metadata
    default: Any = field.default
    expected: type[Any] = type(default)
    label = _label(field)
    choices = meta.get("choices")
    if expected is bool and not isinstance(value, bool):
        raise ConfigError(f"{label} is on or off, not {quoted(value)}.")
    # a setting with choices names them, whatever was given (a number's too)
    if choices is not None and (value.__class__ is not expected or value not in choices):
        offered = ", ".join(value_words(c, field) for c in choices)
        raise ConfigError(f"{label} is one of: {offered}; not {quoted(value)}.")
    if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise ConfigError(f"{label} is a whole number, not {quoted(value)}.")
    if not isinstance(value, expected):
        raise ConfigError(f"{label} cannot be {quoted(value)}.")
    low, high = meta.get("low"), meta.get("high")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ConfigError(f"{label} must be {span_words(low, high)}, not {value:,}.")


def make_config(cls: type[C], overrides: Mapping[str, Any]) -> C:
    """Build ``cls`` from ``overrides``, checking every name and value."""
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    for name, value in overrides.items():
        if name not in fields:
            known = listing([_label(f) for f in fields.values()])
            raise ConfigError(f"There is no setting {quoted(name)}: the settings are {known}.")
        _check(value, fields[name])
    return cls(**overrides)


def config_to_json(config: Any) -> dict[str, Any]:
    """The settings as a plain dict (for records)."""
    return dataclasses.asdict(config)


def _label(field: dataclasses.Field[Any]) -> str:
    """A setting's name in words: its label, or its name with spaces if it has none."""
    return str(field.metadata.get("label") or field.name.replace("_", " ").capitalize())


def value_words(value: Any, field: dataclasses.Field[Any] | None = None) -> str:
    """A setting's value as a page shows it: on/off for a switch, a choice's own words when
    its setting (``field``) gives them ("roll again"), else the choice without underscores
    ("per convoy", not per_convoy), a number as written."""
    words = None if field is None else field.metadata.get("words")
    if words and value in words:
        return str(words[value])
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value).replace("_", " ")


def setting_words(config: Any, name: str) -> str:
    """The value ``config`` has for its setting ``name``, in a page's words (value_words)."""
    return value_words(getattr(config, name), config.__dataclass_fields__[name])


def value_from_words(cls: type[Any], name: str, text: str) -> Any:
    """The value of setting ``name`` of ``cls`` written ``text`` as a page shows it
    (:func:`value_words`); ConfigError in plain words, naming the setting by its label, when
    it is none of the values the setting takes."""
    field = cls.__dataclass_fields__[name]
    default, choices = field.default, field.metadata.get("choices")
    said = " ".join(str(text).replace("_", " ").split()).lower()
    # the value the words stand for; words that stand for none stay words, which _check
    # refuses with the message a wrong value gets ("... is on or off, not “maybe”.")
    value: Any = str(text).strip()
    if isinstance(default, bool):
        value = {"on": True, "yes": True, "true": True, "1": True}.get(said, value)
        value = {"off": False, "no": False, "false": False, "0": False}.get(said, value)
    elif choices is not None:
        # a choice's words as a page shows them, or its code name
        for c in choices:
            if said in (value_words(c, field).lower(), value_words(c).lower()):
                value = c
                break
    elif isinstance(default, int):
        with suppress(ValueError):  # not a number: the words stay words
            value = int(said)
    _check(value, field)
    return value


def settings_table(cls: type[Any]) -> list[dict[str, Any]]:
    """One row per setting: name, its label in words, default, provenance, allowed values,
    help, rule id."""
    rows = []
    for f in dataclasses.fields(cls):
        meta = f.metadata
        allowed: str
        if meta.get("choices") is not None:
            allowed = " / ".join(str(c) for c in meta["choices"])
        elif meta.get("low") is not None or meta.get("high") is not None:
            allowed = f"{meta.get('low', '')}..{meta.get('high', '')}"
        else:
            allowed = type(f.default).__name__
        rows.append(
            {
                "setting": f.name,
                "label": _label(f),
                "default": f.default,
                "provenance": meta.get("provenance", ""),
                "allowed": allowed,
                "rule": meta.get("rule") or "",
                "help": meta.get("help", ""),
            }
        )
    return rows
