"""Our own schematic Twilight Struggle map: box centres on a 1520 x 980 canvas.

Not a copy of any published map art: countries sit on a loose grid, grouped by
region, so that adjacency lines stay short and do not cross other boxes (a
test checks that). Country ids are those of ``games.titles.twilight_struggle.rules.data``.
"""
from __future__ import annotations

WIDTH, HEIGHT = 1520, 980
BOX_W, BOX_H = 100, 46

# id -> (x, y) centre of the country box
POS: dict[int, tuple[int, int]] = {
    # europe
    1: (290, 60),  # Canada
    2: (440, 170),  # UK
    3: (550, 50),  # Norway
    4: (660, 50),  # Sweden
    5: (770, 50),  # Finland
    6: (660, 110),  # Denmark
    7: (550, 170),  # Benelux
    8: (550, 230),  # France
    9: (440, 290),  # Spain/Portugal
    10: (660, 290),  # Italy
    11: (660, 350),  # Greece
    12: (860, 420),  # Turkey
    13: (660, 170),  # West Germany
    14: (660, 230),  # Austria
    15: (770, 170),  # East Germany
    16: (880, 170),  # Poland
    17: (880, 230),  # Czechoslovakia
    18: (770, 230),  # Hungary
    19: (760, 300),  # Yugoslavia
    20: (920, 330),  # Romania
    21: (740, 440),  # Bulgaria
    # middle east
    22: (770, 490),  # Lebanon
    23: (880, 500),  # Syria
    24: (770, 580),  # Israel
    25: (990, 560),  # Iraq
    26: (1020, 480),  # Iran
    27: (660, 600),  # Libya
    28: (770, 640),  # Egypt
    29: (880, 580),  # Jordan
    30: (1010, 640),  # Gulf States
    31: (900, 650),  # Saudi Arabia
    # asia
    32: (1130, 440),  # Afghanistan
    33: (1130, 510),  # Pakistan
    34: (1130, 580),  # India
    35: (1130, 650),  # Burma
    36: (1240, 640),  # Laos/Cambodia
    37: (1240, 740),  # Thailand
    38: (1350, 660),  # Vietnam
    39: (1350, 800),  # Malaysia
    40: (1460, 820),  # Indonesia
    41: (1460, 600),  # Philippines
    42: (1350, 900),  # Australia
    43: (1350, 240),  # Japan
    44: (1290, 380),  # Taiwan
    45: (1240, 280),  # South Korea
    46: (1240, 200),  # North Korea
    # africa
    47: (440, 520),  # Morocco
    48: (550, 540),  # Algeria
    49: (660, 520),  # Tunisia
    50: (440, 600),  # West African States
    51: (440, 680),  # Ivory Coast
    52: (550, 620),  # Saharan States
    53: (550, 700),  # Nigeria
    54: (550, 780),  # Cameroon
    55: (660, 780),  # Zaire
    56: (660, 860),  # Angola
    57: (660, 940),  # South Africa
    58: (770, 920),  # Botswana
    59: (770, 850),  # Zimbabwe
    60: (880, 860),  # SE African States
    61: (880, 790),  # Kenya
    62: (990, 750),  # Somalia
    63: (880, 710),  # Ethiopia
    64: (770, 710),  # Sudan
    # central america
    65: (60, 160),  # Mexico
    66: (60, 240),  # Guatemala
    67: (60, 320),  # El Salvador
    68: (170, 300),  # Honduras
    69: (170, 440),  # Costa Rica
    70: (170, 510),  # Panama
    71: (280, 370),  # Nicaragua
    72: (190, 200),  # Cuba
    73: (320, 220),  # Haiti
    74: (320, 290),  # Dominican Republic
    # south america
    75: (170, 580),  # Colombia
    76: (60, 580),  # Ecuador
    77: (60, 650),  # Peru
    78: (170, 680),  # Bolivia
    79: (60, 740),  # Chile
    80: (120, 830),  # Argentina
    81: (170, 760),  # Paraguay
    82: (280, 800),  # Uruguay
    83: (280, 660),  # Brazil
    84: (280, 580),  # Venezuela
}

# the superpower spaces (not countries)
SUPERPOWERS = {"us": (130, 60), "ussr": (1030, 200)}
SUPER_W, SUPER_H = 110, 60

# region name labels: (text, x, y of the text baseline start)
REGION_LABELS = {
    "europe": ("Europe", 850, 40),
    "middle_east": ("Middle East", 925, 398),
    "asia": ("Asia", 1150, 140),
    "africa": ("Africa", 470, 488),
    "central_america": ("Central America", 8, 122),
    "south_america": ("South America", 8, 905),
}
