"""User-facing errors.  The CLI prints their message as one line and exits 2."""


class TrunfoError(ValueError):
    """A bad input from the user (game, strategy, rule, card, count...).

    The message is one line that names the problem and the valid choices.
    """


def choices_text(choices) -> str:
    return ", ".join(str(c) for c in choices)
