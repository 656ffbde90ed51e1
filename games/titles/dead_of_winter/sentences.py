"""One sentence per structured log line (README "Log kinds"), in the reader's language.

Lines carry no hidden information and neither do these sentences: a search
says who searched where, never the cards; a steal says from whom, never what.
Names come from ``names`` (never ids).
"""
from __future__ import annotations

import functools

from django.utils.translation import get_language
from django.utils.translation import npgettext, npgettext_lazy, pgettext

from . import names as N


def _n(line, key, default=0):
    value = line.get(key, default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _sv(line, key="survivor"):
    return N.survivor(line.get(key))


def _setup(line):
    packs = ", ".join(N.pack_name(p) for p in line.get("packs") or [])
    return pgettext("dead_of_winter", "A game for %(n)s players: %(objective)s, with %(packs)s.") % {
        "n": _n(line, "players"), "objective": N.objective(line.get("objective")), "packs": packs}


def _survivors(line):
    kept = line.get("kept") or {}
    parts = [pgettext("dead_of_winter", "%(who)s: %(names)s") % {"who": N.role(r), "names": ", ".join(N.survivor(s) for s in sids)}
             for r, sids in kept.items()]
    return pgettext("dead_of_winter", "The survivors are drafted. %(list)s.") % {"list": "; ".join(parts)}


def _round(line):
    return pgettext("dead_of_winter", "Round %(n)s begins; the crisis needs %(symbols)s.") % {
        "n": _n(line, "round"), "symbols": N.crisis_index_symbols(line.get("crisis")) or pgettext("dead_of_winter", "cards")}


def _dice(line):
    dice = ", ".join(str(d) for d in line.get("dice") or [])
    return pgettext("dead_of_winter", "%(who)s rolled action dice: %(dice)s.") % {"who": N.role(line.get("role")), "dice": dice or "–"}


def _turn(line):
    roles = line.get("roles") or []
    return npgettext("dead_of_winter", "Round %(n)s: %(who)s takes their turn.", "Round %(n)s: %(who)s take their turn.",
                     len(roles)) % {"n": _n(line, "round"), "who": N.roles_list(roles)}


def _wound(line):
    n = _n(line, "n", 1)
    return npgettext("dead_of_winter", "%(survivor)s takes a wound from %(why)s (%(total)s in all).",
                    "%(survivor)s takes %(n)s wounds from %(why)s (%(total)s in all).", n) % {
        "survivor": _sv(line), "n": n, "why": N.why(line.get("why")), "total": _n(line, "wounds")}


def _morale(line):
    n = _n(line, "n")
    side = N.side(line.get("side"))
    text = (npgettext("dead_of_winter", "%(side)s gains %(n)s morale from %(why)s (now %(morale)s).",
                     "%(side)s gains %(n)s morale from %(why)s (now %(morale)s).", n) if n >= 0 else
            npgettext("dead_of_winter", "%(side)s loses %(n)s morale from %(why)s (now %(morale)s).",
                     "%(side)s loses %(n)s morale from %(why)s (now %(morale)s).", -n))
    return text % {"side": side, "n": abs(n), "why": N.why(line.get("why")), "morale": _n(line, "morale")}


def _bullet_income(line):
    n = _n(line, "n")
    return npgettext("dead_of_winter", "Each colony gains %(n)s bullet.", "Each colony gains %(n)s bullets.", n) % {"n": n}


def _zombies_arrive(line):
    """Where the round's zombies came (colonies, locations, noise added in)."""
    pairs = [p for p in line.get("places") or [] if isinstance(p, list) and len(p) == 2]
    if not pairs:
        return pgettext("dead_of_winter", "No zombies arrive this round.")
    each = [pgettext("dead_of_winter", "%(n)s at %(place)s") % {"place": N.place(place), "n": _int(n)} for place, n in pairs]
    total = sum(_int(n) for _place, n in pairs)
    return npgettext("dead_of_winter", "%(n)s zombie arrives: %(places)s.", "%(n)s zombies arrive: %(places)s.",
                     total) % {"n": total, "places": ", ".join(each)}


def _crisis(line):
    given, need = _n(line, "given"), _n(line, "need")
    if line.get("failed"):
        return pgettext("dead_of_winter", "The crisis fails: %(given)s of %(need)s cards.") % {"given": given, "need": need}
    return pgettext("dead_of_winter", "The crisis is averted: %(given)s of %(need)s cards.") % {"given": given, "need": need}


def _crossroads_vote(line):
    votes = line.get("votes") or {}
    counted = sum(1 for v in votes.values() if isinstance(v, int) and v >= 0)
    return npgettext("dead_of_winter", "The colony voted on %(card)s (%(n)s vote): %(option)s.",
                    "The colony voted on %(card)s (%(n)s votes): %(option)s.", counted) % {
        "card": N.crossroads(line.get("card")), "n": counted,
        "option": N.crossroads_option(line.get("card"), line.get("option"))}


def _combat_tracker(line):
    diff = _n(line, "diff")
    lead = (pgettext("dead_of_winter", "level") if diff == 0 else pgettext("dead_of_winter", "%(side)s ahead by %(n)s") % {
        "side": N.side("a" if diff > 0 else "b"), "n": abs(diff)})
    return pgettext("dead_of_winter", "Combat after %(stage)s: Colony A %(a)s, Colony B %(b)s (%(lead)s).") % {
        "stage": N.stage(line.get("stage")), "a": _n(line, "a"), "b": _n(line, "b"), "lead": lead}


def _combat_die(line):
    face, n, side = line.get("face"), _n(line, "n", 1), N.side(line.get("side"))
    if face == "strength":
        text = pgettext("dead_of_winter", "%(side)s rolls +%(n)s on the combat die.")
    elif face == "wound":
        text = npgettext("dead_of_winter", "%(side)s rolls %(n)s wound on the combat die.", "%(side)s rolls %(n)s wounds on the combat die.", n)
    else:
        text = npgettext("dead_of_winter", "%(side)s rolls %(n)s zombie on the combat die.", "%(side)s rolls %(n)s zombies on the combat die.", n)
    return text % {"side": side, "n": n}


def _combat_result(line):
    at = N.place(line.get("at"))
    if not line.get("winner"):
        return pgettext("dead_of_winter", "The combat at %(at)s is a tie: no wounds.") % {"at": at}
    return pgettext("dead_of_winter", "%(side)s wins the combat at %(at)s by %(n)s.") % {"side": N.side(line["winner"]), "at": at,
                                                               "n": _n(line, "diff")}


def _game_over(line):
    winners = line.get("winners") or []
    reason = N.reason(line.get("reason"))
    if not winners:
        return pgettext("dead_of_winter", "The game is over (%(reason)s): nobody won.") % {"reason": reason}
    return pgettext("dead_of_winter", "The game is over (%(reason)s): %(who)s won.") % {"reason": reason, "who": N.roles_list(winners)}


def _votes(line):
    votes = line.get("votes") or {}
    counts: dict = {}
    for choice in votes.values():
        if choice:
            counts[choice] = counts.get(choice, 0) + 1
    tally = ", ".join(pgettext("dead_of_winter", "%(who)s %(n)s") % {"who": N.role(r), "n": n} for r, n in sorted(counts.items()))
    return pgettext("dead_of_winter", "Leader election votes: %(tally)s.") % {"tally": tally or pgettext("dead_of_winter", "none")}


def exchange_pick(pick) -> str:
    """One player's revealed pick: "pass", or the move (and its fallback) in words."""
    if not isinstance(pick, dict) or pick.get("move") == "pass":
        return pgettext("dead_of_winter", "pass")
    move = _move_words(pick.get("move"))
    if not pick.get("fallback"):
        return move
    return pgettext("dead_of_winter", "%(move)s (fallback: %(fallback)s)") % {
        "move": move, "fallback": _move_words(pick["fallback"])}


def _move_words(arg) -> str:
    """``"12>school>7"`` as "Ada Okafor to School, sending Jo Lee home" (the move buttons' words)."""
    parts = str(arg or "").split(">")
    if len(parts) < 2 or not parts[0].isdigit():
        return "–"
    words = {"survivor": N.survivor(int(parts[0])), "place": N.place(parts[1])}
    if len(parts) > 2 and parts[2].isdigit():
        return pgettext("dead_of_winter", "%(survivor)s to %(place)s, sending %(other)s home") % {
            **words, "other": N.survivor(int(parts[2]))}
    return pgettext("dead_of_winter", "%(survivor)s to %(place)s") % words


def _exchange(line):
    picks = line.get("picks") or {}
    shown = "; ".join(pgettext("dead_of_winter", "%(who)s: %(names)s") % {"who": N.role(r), "names": exchange_pick(p)}
                      for r, p in picks.items())
    return pgettext("dead_of_winter", "Movement exchange %(n)s is revealed: %(picks)s.") % {
        "n": _n(line, "n"), "picks": shown or "–"}


def _steal(line):
    return pgettext("dead_of_winter", "%(who)s took a card from %(from)s.") % {"who": N.role(line.get("role")), "from": N.role(line.get("frm"))}


def _revealed(line):
    cards = ", ".join(N.card(c) for c in line.get("cards") or [])
    return pgettext("dead_of_winter", "The top cards at %(at)s are shown: %(cards)s.") % {"at": N.place(line.get("at")), "cards": cards or "–"}


def _simple(template, **keys):
    """A sentence from a template and how each key of the line becomes a name."""
    def render(line):
        return template % {name: fn(line.get(key)) for name, (key, fn) in keys.items()}
    return render


def _plural(message, **keys):
    """``_simple`` for an ``ngettext_lazy`` message (its count is one of the keys)."""
    def render(line):
        return message % {name: fn(line.get(key)) for name, (key, fn) in keys.items()}
    return render


def _int(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


R, S, P, SV, CARD, SIDE = N.role, N.side, N.place, N.survivor, N.card, N.side

SENTENCES = {
    "setup": _setup, "survivors": _survivors, "round": _round, "dice": _dice, "turn": _turn,
    "wound": _wound, "morale": _morale, "crisis": _crisis, "crossroads_vote": _crossroads_vote,
    "combat_tracker": _combat_tracker, "combat_die": _combat_die, "combat_result": _combat_result,
    "game_over": _game_over, "votes": _votes, "steal": _steal, "revealed": _revealed, "exchange": _exchange,
    "bullet_income": _bullet_income, "zombies_arrive": _zombies_arrive,
}


def _lazy_simple():
    """Sentences that only name things (built per call so gettext sees the reader's language)."""
    return {
        "colony_leader": _simple(pgettext("dead_of_winter", "%(who)s leads %(side)s."), who=("role", R), side=("side", S)),
        "tie_roll": _simple(pgettext("dead_of_winter", "A tie roll: %(side)s goes first."), side=("first", S)),
        "move": _simple(pgettext("dead_of_winter", "%(survivor)s moved from %(frm)s to %(to)s."), survivor=("survivor", SV),
                        frm=("frm", P), to=("to", P)),
        "pass": _simple(pgettext("dead_of_winter", "%(who)s passed (no more moves this turn)."), who=("role", R)),
        "fallback": _simple(pgettext("dead_of_winter", "The move of %(who)s was no longer possible: the fallback move is made."),
                            who=("role", R)),
        "no_move": _simple(pgettext("dead_of_winter", "The move of %(who)s was no longer possible and no usable "
                                                      "fallback was given: no move this exchange (not a pass)."), who=("role", R)),
        "exposure": _simple(pgettext("dead_of_winter", "%(survivor)s rolled the exposure die: %(face)s."), survivor=("survivor", SV),
                            face=("face", N.exposure)),
        "bounce": _simple(pgettext("dead_of_winter", "%(survivor)s was bounced from %(frm)s to %(to)s."), survivor=("survivor", SV),
                          frm=("frm", P), to=("to", P)),
        "death": _simple(pgettext("dead_of_winter", "%(survivor)s of %(who)s died at %(at)s (%(why)s)."), survivor=("survivor", SV),
                         who=("role", R), at=("at", P), why=("why", N.why)),
        "removed": _simple(pgettext("dead_of_winter", "%(survivor)s was removed from the game."), survivor=("survivor", SV)),
        "replacement": _simple(pgettext("dead_of_winter", "%(who)s gets %(survivor)s to replace their last survivor."),
                               who=("role", R), survivor=("survivor", SV)),
        "new_survivor": _simple(pgettext("dead_of_winter", "%(survivor)s joins %(who)s."), who=("role", R), survivor=("survivor", SV)),
        "items_shuffled": _plural(npgettext_lazy("dead_of_winter", "%(n)s of the dead survivor's cards was shuffled into %(at)s.",
                                "%(n)s of the dead survivor's cards were shuffled into %(at)s.", "n"),
                                  n=("n", _int), at=("at", P)),
        "items_taken": _plural(npgettext_lazy("dead_of_winter", "%(side)s took %(n)s card of the dead survivor (given to %(survivor)s).",
                                "%(side)s took %(n)s cards of the dead survivor (given to %(survivor)s).", "n"),
                               side=("side", S), n=("n", _int), survivor=("survivor", SV)),
        "items_removed": _plural(npgettext_lazy("dead_of_winter", "%(n)s card of the dead survivor was removed (%(side)s).",
                                "%(n)s cards of the dead survivor were removed (%(side)s).", "n"),
                                 n=("n", _int), side=("side", S)),
        "colony_lost": _simple(pgettext("dead_of_winter", "%(side)s has fallen to zero morale."), side=("side", S)),
        "wolf_out": _simple(pgettext("dead_of_winter", "%(who)s, the Lone Wolf, is out of the game."), who=("role", R)),
        "wolf_leaves": _simple(pgettext("dead_of_winter", "%(who)s, the Lone Wolf, left the game (%(reason)s)."), who=("role", R),
                               reason=("reason", N.reason)),
        "bite_roll": _simple(pgettext("dead_of_winter", "The bite spreads to %(survivor)s: the exposure die shows %(face)s."),
                             survivor=("survivor", SV), face=("face", N.exposure)),
        "attack": _plural(npgettext_lazy("dead_of_winter", "%(survivor)s attacked at %(at)s and killed %(n)s zombie.",
                                "%(survivor)s attacked at %(at)s and killed %(n)s zombies.", "n"),
                          survivor=("survivor", SV), at=("at", P), n=("killed", _int)),
        "search": _simple(pgettext("dead_of_winter", "%(survivor)s searched %(at)s."), survivor=("survivor", SV), at=("at", P)),
        "noise": _simple(pgettext("dead_of_winter", "Noise was made at %(at)s."), at=("at", P)),
        "search_kept": _plural(npgettext_lazy("dead_of_winter", "%(who)s kept %(kept)s card from %(at)s and put %(returned)s back.",
                                "%(who)s kept %(kept)s cards from %(at)s and put %(returned)s back.", "kept"),
                               who=("role", R), kept=("kept", _int), at=("at", P), returned=("returned", _int)),
        "barricade": _simple(pgettext("dead_of_winter", "A barricade was built at %(at)s."), at=("at", P)),
        "barricade_lost": _simple(pgettext("dead_of_winter", "The barricade at %(at)s was broken."), at=("at", P)),
        "clean_waste": _plural(npgettext_lazy("dead_of_winter", "%(who)s cleaned %(n)s waste card.",
                                "%(who)s cleaned %(n)s waste cards.", "n"),
                               who=("role", R), n=("n", _int)),
        "ability": _simple(pgettext("dead_of_winter", "%(survivor)s used their ability."), survivor=("survivor", SV)),
        "heal": _simple(pgettext("dead_of_winter", "%(survivor)s was healed."), survivor=("survivor", SV)),
        "play": _simple(pgettext("dead_of_winter", "%(who)s played %(card)s."), who=("role", R), card=("card", CARD)),
        "equip": _simple(pgettext("dead_of_winter", "%(who)s equipped %(survivor)s with %(card)s."), who=("role", R),
                         survivor=("survivor", SV), card=("card", CARD)),
        "discard": _simple(pgettext("dead_of_winter", "%(who)s discarded %(card)s."), who=("role", R), card=("card", CARD)),
        "use": _simple(pgettext("dead_of_winter", "%(survivor)s used %(card)s."), survivor=("survivor", SV), card=("card", CARD)),
        "die_swap": _simple(pgettext("dead_of_winter", "%(who)s took a die's pips from %(frm)s (Walkie Talkie)."), who=("role", R),
                            frm=("frm", R)),
        "contribute": _simple(pgettext("dead_of_winter", "%(who)s added %(card)s to the crisis."), who=("role", R), card=("card", CARD)),
        "food_token": _simple(pgettext("dead_of_winter", "%(who)s spent a food token on a die."), who=("role", R)),
        "request": _simple(pgettext("dead_of_winter", "%(who)s asked %(to)s for a card."), who=("role", R), to=("to", R)),
        "give": _simple(pgettext("dead_of_winter", "%(who)s gave %(card)s to %(to)s."), who=("role", R), to=("to", R), card=("card", CARD)),
        "decline": _simple(pgettext("dead_of_winter", "%(who)s gave %(to)s nothing."), who=("role", R), to=("to", R)),
        "handoff": _simple(pgettext("dead_of_winter", "%(card)s was handed from %(frm)s to %(to)s."), card=("card", CARD),
                           frm=("frm", SV), to=("to", SV)),
        "done": _simple(pgettext("dead_of_winter", "%(who)s is done with actions."), who=("role", R)),
        "crossroads": _simple(pgettext("dead_of_winter", "%(reader)s reads a crossroads card to %(who)s: %(card)s."),
                              reader=("reader", R), who=("role", R), card=("card", N.crossroads)),
        "mission_swap": _simple(pgettext("dead_of_winter", "%(who)s swapped a mission."), who=("role", R)),
        "mission": _simple(pgettext("dead_of_winter", "%(who)s completed the mission %(mission)s."), who=("role", R),
                           mission=("mission", N.mission)),
        "crises_ordered": _simple(pgettext("dead_of_winter", "%(who)s looked at the next two crises and set their order."), who=("role", R)),
        "food_paid": _plural(npgettext_lazy("dead_of_winter", "%(side)s ate %(n)s food.",
                                "%(side)s ate %(n)s food.", "n"),
                             side=("side", S), n=("n", _int)),
        "starvation": _plural(npgettext_lazy("dead_of_winter", "%(side)s starves: %(n)s starvation token.",
                                "%(side)s starves: %(n)s starvation tokens.", "n"), side=("side", S), n=("tokens", _int)),
        "combat": _simple(pgettext("dead_of_winter", "A combat begins at %(at)s."), at=("at", P)),
        "wolf_joins": _simple(pgettext("dead_of_winter", "The Lone Wolf joins %(side)s in the combat at %(at)s."), side=("side", S),
                              at=("at", P)),
        "wolf_flees": _simple(pgettext("dead_of_winter", "The Lone Wolf flees the combat at %(at)s."), at=("at", P)),
        "tactics": _simple(pgettext("dead_of_winter", "Tactics revealed: Colony A %(a)s, Colony B %(b)s."), a=("a", N.tactic),
                           b=("b", N.tactic)),
        "combat_cancelled": _simple(pgettext("dead_of_winter", "Both colonies stood on guard: no combat at %(at)s."), at=("at", P)),
        "combat_over": _simple(pgettext("dead_of_winter", "The combat at %(at)s is over."), at=("at", P)),
        "bids": _simple(pgettext("dead_of_winter", "Bullets bid: Colony A %(a)s, Colony B %(b)s."), a=("a", _int), b=("b", _int)),
        "unguarded": _plural(npgettext_lazy("dead_of_winter", "%(side)s was unguarded with %(n)s enemy inside.",
                                "%(side)s was unguarded with %(n)s enemies inside.", "n"),
                             side=("side", S), n=("enemies", _int)),
        "overrun": _simple(pgettext("dead_of_winter", "Zombies overran %(at)s."), at=("at", P)),
        "helpless_death": _simple(pgettext("dead_of_winter", "A helpless survivor of %(side)s was killed."), side=("side", S)),
        "crossroads_choice": lambda line: pgettext("dead_of_winter", "%(who)s chose “%(option)s” (%(card)s).") % {
            "who": N.role(line.get("role")), "card": N.crossroads(line.get("card")),
            "option": N.crossroads_option(line.get("card"), line.get("option"))},
    }


@functools.lru_cache(maxsize=16)
def _simple_for(language: str) -> dict:
    return _lazy_simple()


def sentence(line: dict) -> str | None:
    """The line's sentence, or None for a kind this title does not know."""
    kind = line.get("kind")
    render = SENTENCES.get(kind) or _simple_for(get_language() or "en").get(kind)
    return _capital(render(line)) if render else None


def _capital(text: str) -> str:
    """A sentence begins with a capital ("the Lone Wolf gains…" -> "The Lone Wolf gains…")."""
    return text[:1].upper() + text[1:]

