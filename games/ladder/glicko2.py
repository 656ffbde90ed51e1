"""Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013). Pure: no Django, no clock.

Ratings are kept on the familiar Glicko scale (1500 / 350); the update works
on the Glicko-2 scale internally (steps 2 and 8 of the paper). The step
numbers in the comments are the paper's.

Rating periods: the site updates a player after every finished game (each game
is its own rating period, as most online sites do) and, before that, applies
the "no games played" step (``idle``) once per ``PERIOD_DAYS`` of inactivity,
fractions included. Readers call ``idle`` too, so a player's RD keeps growing
while they are away.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
TAU = 0.5
EPSILON = 0.000001
# One rating period of inactivity, in days (see the module docstring).
PERIOD_DAYS = 7.0


@dataclass(frozen=True)
class Player:
    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Player, results: list[tuple[Player, float]], tau: float = TAU) -> Player:
    """One rating period: ``results`` are (opponent, score) with score 1, 0.5 or 0."""
    if not results:
        return idle(player, 1)
    mu, phi = (player.rating - DEFAULT_RATING) / SCALE, player.rd / SCALE
    terms = []
    for opponent, score in results:
        mu_j, phi_j = (opponent.rating - DEFAULT_RATING) / SCALE, opponent.rd / SCALE
        terms.append((_g(phi_j), _expected(mu, mu_j, phi_j), score))
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in terms)  # step 3
    delta = v * sum(g * (s - e) for g, e, s in terms)  # step 4
    sigma = new_volatility(phi, player.volatility, v, delta, tau)  # step 5
    phi_star = math.sqrt(phi * phi + sigma * sigma)  # step 6
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)  # step 7
    mu_new = mu + phi_new * phi_new * sum(g * (s - e) for g, e, s in terms)
    return Player(mu_new * SCALE + DEFAULT_RATING, phi_new * SCALE, sigma)  # step 8


def new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float = TAU) -> float:
    """Step 5: the Illinois algorithm on f(x) = 0 with x = ln(sigma'^2)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a = f_a / 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def idle(player: Player, periods: float) -> Player:
    """Rating periods without games: only the deviation grows (step 6), capped at 350."""
    if periods <= 0:
        return player
    phi = player.rd / SCALE
    phi_new = math.sqrt(phi * phi + periods * player.volatility * player.volatility)
    return Player(player.rating, min(phi_new * SCALE, DEFAULT_RD), player.volatility)


def periods_until(player: Player, rd_limit: float) -> float:
    """How many idle periods until the deviation exceeds ``rd_limit`` (0 if it already does)."""
    if player.rd >= rd_limit:
        return 0.0
    phi, limit = player.rd / SCALE, rd_limit / SCALE
    return (limit * limit - phi * phi) / (player.volatility * player.volatility)


def score_between(my_role: str, other_role: str, winners: list[str]) -> float:
    """1 when only I won, 0 when only the other won, else a draw (both or neither won)."""
    mine, theirs = my_role in winners, other_role in winners
    if mine == theirs:
        return 0.5
    return 1.0 if mine else 0.0


def rate_game(players: dict, winners: list[str], tau: float = TAU) -> dict:
    """New ratings after one game: ``players`` maps a key to (role, Player).

    Every pair of players is one result (so games with more than two players
    work too): winners beat non-winners, two winners or two losers draw.
    """
    new = {}
    for key, (role, player) in players.items():
        results = [(other, score_between(role, other_role, winners))
                   for other_key, (other_role, other) in players.items() if other_key != key]
        new[key] = update(player, results, tau)
    return new


def outcome(role: str, winners: list[str], roles: list[str]) -> str:
    """"win", "loss" or "draw" for one role (everyone winning counts as a draw)."""
    if not winners or set(roles) <= set(winners):
        return "draw"
    return "win" if role in winners else "loss"
