"""Fast copies of frozen, slotted dataclasses: the draft a copy is written in.

Positions and actions are frozen dataclasses with slots, and the rules of several games copy
a position at every move. A frozen dataclass refuses attribute stores (its ``__setattr__``
raises), and ``dataclasses.replace`` runs ``__init__``, which sets each field through
``object.__setattr__``: several times slower than a plain store. So the games' copiers
(``far_seas.state.evolver`` and ``maker``, ``age_of_sail.state.evolve``,
``naval_war.mechanics.damage.make_evolver``) make the copy as an instance of a writable
*draft* class (``object.__new__``), fill it by plain attribute stores, and then relabel it
the frozen class by assigning ``__class__``. The result is an ordinary frozen instance;
nobody ever sees the draft.
"""

from __future__ import annotations

from typing import Any

_DRAFTS: dict[type, type] = {}


def draft(cls: type) -> type:
    """The draft class of the frozen, slotted dataclass ``cls`` (made once): a subclass of
    ``cls`` that adds no slots and writes with object's own ``__setattr__`` and
    ``__delattr__``.

    Both are object's own because they share one C slot: a Python ``__delattr__`` (the
    frozen one ``cls`` has) would make every store a Python call. With the plain slot,
    CPython 3.11 turns the stores into its fastest slot writes. And a subclass that adds no
    slots is known to have the layout of ``cls`` as soon as ``__class__`` is assigned: a
    sibling class with the same slots (these copiers' first drafts) had its slot names
    compared with those of ``cls``, name by name, at every copy (Far Seas' position copies
    ran 14 % faster without that, 1.4 % of a playout's instructions)."""
    made = _DRAFTS.get(cls)
    if made is None:
        params: Any = getattr(cls, "__dataclass_params__", None)
        if params is None or not params.frozen or "__slots__" not in cls.__dict__:
            raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
        writable = {
            "__slots__": (),
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
        }
        made = _DRAFTS[cls] = type(f"_{cls.__name__}Draft", (cls,), writable)
    return made
