"""What the two position classes (`SchnapsenPos`, `SchneiderPos`) share: the base `Position`,
which gives each its `copy` from its list of fields, and `to_move`."""


class Position:
    """A deal position with every card placed. A subclass names its fields in `__slots__`
    and, in `LISTS`, the ones that hold lists: its `copy` copies those and shares the rest
    (numbers, tuples, the rule table's lists)."""

    __slots__ = ()
    LISTS = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.copy = _copier(cls)

    def to_move(self):
        if self.result is not None:
            return None
        return self.leader if self.lead < 0 else 1 - self.leader


def _copier(cls):
    """`cls.copy`, written out field by field as source (as `dataclasses` writes its methods):
    the search copies positions in its inner loop, and a loop over the fields takes three
    to four times as long."""
    if not set(cls.LISTS) <= set(cls.__slots__):
        raise TypeError(f"{cls.__name__}.LISTS names fields it does not have")
    lines = ["def copy(self):", "    o = new(cls)"]
    for name in cls.__slots__:
        lines.append(f"    o.{name} = self.{name}[:]" if name in cls.LISTS
                     else f"    o.{name} = self.{name}")
    lines.append("    return o")
    namespace = {"new": object.__new__, "cls": cls}
    exec(compile("\n".join(lines), f"<{cls.__name__}.copy>", "exec"), namespace)
    copy = namespace["copy"]
    copy.__qualname__ = f"{cls.__qualname__}.copy"
    copy.__doc__ = "A position to play on without changing this one."
    return copy
