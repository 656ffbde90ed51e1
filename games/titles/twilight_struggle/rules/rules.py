"""Twilight Struggle (Deluxe): the `RULES` object, setup, view and hidden info."""
from __future__ import annotations

from games.rules.core import rng, undo
from games.rules.core.base import FlowRules
from games.rules.core.flow import Flow, new_state

from . import events, ops, play, turn
from .cards import deal, era_deck
from .board import controller, edition
from .data import COUNTRY_IDS, DEFCON_BANS, ROLES, SETUPS, SLOTS

BID_VP = list(range(0, 11)) + list(range(-1, -11, -1))


class TwilightStruggleRules(FlowRules):
    title_id = "twilight_struggle"
    name = "Twilight Struggle"
    # 2: issue 15 (no headline skip beside UN Intervention, nothing pushed after
    # the end, typed arguments; the ``edition`` option, absent = Deluxe)
    # 3: issue 34 (Formosan Resolution: Asia Control needs Taiwan's battleground too)
    version = 3
    preview = False  # every card event 1-110 is implemented (issues 4-6)
    flow = Flow(*turn.STEPS, *play.STEPS, *events.STEPS,
                ops.OpsStart(), ops.OpsMode(), ops.Influence(), ops.Realign(), ops.Coup())

    def roles(self, scenario, options):
        return list(ROLES)

    def option_choices(self):
        return {
            "optional_cards": [True, False],  # cards 104-110
            "tournament": [False, True],  # 11.1: held-card reveal, alternate deal
            "us_bid": [0, 1, 2, 3, 4, 5],  # extra US influence after setup
            "side_bid_vp": BID_VP,  # 11.3 (original rules): VP marker start, + = US
            "chinese_civil_war": [False, True],  # section 12
            "edition": ["deluxe", "original"],  # README "Editions": original = 2005 rules
        }

    def default_options(self):
        return {name: values[0] for name, values in self.option_choices().items()}

    def clean_options(self, options):
        """The original edition has no cards 104-110 and no section 12 (seed 004,
        2.2.1 and its table of contents): those options are off in it."""
        merged = super().clean_options(options)
        if merged["edition"] == "original":
            merged["optional_cards"] = merged["chinese_civil_war"] = False
        return merged

    def setup(self, seed, scenario, options):
        options = self.clean_options(options)
        if options["edition"] == "deluxe":  # the default: states as before the option
            del options["edition"]
        state = new_state(seed, list(ROLES))
        state.update(
            options=options, turn=1, ar=0, phasing="ussr", defcon=5, vp=options["side_bid_vp"],
            milops={"ussr": 0, "us": 0}, space={"ussr": 0, "us": 0},
            space_tries={"ussr": 0, "us": 0}, taken={"ussr": 0, "us": 0},
            inf={r: [0] * SLOTS for r in ROLES}, snap={},
            hands={"ussr": [], "us": []}, deck=[], discard=[], removed=[], board=[],
            effects={}, final=False,
            ccw="open" if options["chinese_civil_war"] else "off",
            china={"holder": None if options["chinese_civil_war"] else "ussr", "up": True})
        state["deck"] = rng.shuffle(state, era_deck(state, "early"))
        deal(state)  # 3.1: hands are seen before placing influence
        for role in ROLES:
            for country, n in SETUPS[edition(state)][role]["fixed"].items():
                state["inf"][role][country] += n
        turn.push_setup(state)
        self.flow.settle(state)
        undo.opening(state)  # issue 29 item 14: the first setup step can be taken back too
        return state

    def hand(self, state, role):
        return sorted(state["hands"][role])

    def view(self, state, role):
        over = state["result"] is not None
        frame = Flow.top(state)
        return {
            "turn": state["turn"], "action_round": state["ar"], "phasing": state["phasing"],
            "step": frame["step"] if frame else None,
            "defcon": state["defcon"], "vp": state["vp"], "milops": dict(state["milops"]),
            "space": dict(state["space"]), "space_tries": dict(state["space_tries"]),
            "influence": influence_view(state),
            "hand": self.hand(state, role) if role else [],
            "hand_sizes": {r: len(state["hands"][r]) for r in ROLES},
            "hands": {r: self.hand(state, r) for r in ROLES} if over else None,
            "open_hands": {r: self.hand(state, r) for r in open_hands(state)},
            "deck_size": len(state["deck"]), "discard": list(state["discard"]),
            "removed": list(state["removed"]), "in_play": list(state["board"]),
            "playing": playing(state),
            "effects": {k: dict(v) for k, v in state["effects"].items()},
            "china": dict(state["china"]),
            "chinese_civil_war": state["ccw"],
            "headline": headline_view(state, role),
            "control": control_view(state),
            "abilities": {r: [b for b in (2, 4, 6, 8) if ops.has_ability(state, r, b)]
                          for r in ROLES},
            "coup_bans": sorted(DEFCON_BANS.get(state["defcon"], ())),
            "rounds_taken": dict(state["taken"]),
            "options": state["options"], "result": state["result"],
        }

    def rehide(self, state, viewer, permute):
        """Testing hook: reshuffle everything ``viewer`` cannot see."""
        hidden = [r for r in ROLES if r != viewer and r not in open_hands(state)]
        frame = Flow.top(state)
        picks = hidden_picks(state, frame, viewer)
        pool = [c for r in hidden for c in state["hands"][r]] + state["deck"]
        pool += [frame["picks"][r] for r in picks]
        pool = permute(pool)
        for r in hidden:
            n = len(state["hands"][r])
            state["hands"][r], pool = sorted(pool[:n]), pool[n:]
        for r in picks:
            frame["picks"][r], pool = pool[0], pool[1:]
        state["deck"] = pool
        return state


def open_hands(state: dict) -> list[str]:
    """Hands played face up by a card effect (Aldrich Ames Remix: ``open_hand``)."""
    return sorted({e["open_hand"] for e in state["effects"].values() if e.get("open_hand")})


def influence_view(state: dict) -> dict:
    """Country id (str) -> [US, USSR] influence, only where there is some."""
    us, ussr = state["inf"]["us"], state["inf"]["ussr"]
    return {str(c): [us[c], ussr[c]] for c in range(1, SLOTS) if us[c] or ussr[c]}


def control_view(state: dict) -> dict:
    """Country id (str) -> controlling side (2.1.7), for controlled countries only."""
    out = {}
    for c in COUNTRY_IDS:
        side = controller(state, c)
        if side:
            out[str(c)] = side
    return out


def hidden_picks(state: dict, frame: dict | None, viewer: str | None) -> list[str]:
    if not frame or frame["step"] != "headline":
        return []
    return [r for r, card in frame["picks"].items()
            if r != viewer and card is not None and frame["shown"] != r]


def headline_view(state: dict, role: str | None) -> dict | None:
    frame = Flow.top(state)
    if not frame or frame["step"] != "headline":
        return None
    picks = frame["picks"]
    shown = frame["shown"]
    return {"picked": sorted(picks), "mine": picks.get(role) if role else None,
            "shown": {shown: picks[shown]} if shown else {}}



PLAYED_STEPS = ("dispose", "headline_event", "event")  # frames holding a card played face up


def playing(state: dict) -> list[int]:
    """The cards being played now, face up, oldest first: the action round's card
    and any event running on top of it (a headline, an opponent's event, a card
    another event plays)."""
    out: list[int] = []
    for frame in state["stack"]:
        card = frame.get("card")
        if frame.get("step") in PLAYED_STEPS and isinstance(card, int) and card not in out:
            out.append(card)
    return out

RULES = TwilightStruggleRules()
