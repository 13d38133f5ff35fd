"""Conditioned dealing and exact odds (docs/odds.md).

* ``lang``: the conditions language (tokenizer, parser, checker);
* ``layout``: the slots of a deal's deck order (each game builds its own);
* ``counting``: exact probabilities by count tables;
* ``plan`` and ``sampler``: the jitted sampler that deals conditioned deck orders;
* ``api``: :class:`Conditions`, the Python face of it all.
"""


def __getattr__(name):          # imported lazily: games import ``layout`` from here
    if name in ("Conditions", "ExactOdds", "Decks", "fraction_dict"):
        from . import api
        return getattr(api, name)
    raise AttributeError(name)


__all__ = ["Conditions", "ExactOdds", "Decks", "fraction_dict"]
