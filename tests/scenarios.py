"""Scripted Schnapsen deals shared by the Schnapsen and Bummerl rule tests and the observation
tests: each a list of tricks and actions that helpers.script turns into the exact deck."""
from __future__ import annotations

from helpers import deal, play, run, script

# Scripted deals shared by the Schnapsen and Bummerl rule tests: name -> (steps, indicator,
# hold). Forehand is seat 1 (dealer 0); trump is clubs in all of them. The comments give the
# running card points (forehand/dealer) and why each answer is forced in Phase 2.
SCN = {
    # SV-3 seed example: 27 card points, then 40 announced: 67, claimed at once. The dealer
    # has one trick worth 21.
    "seed_27_plus_40": ([("TH", "AH"),            # D 21
                         ("TS", "AS"),            # F 21
                         ("KD", "JD"),            # F 27
                         "marry:C", "claim"], "AC", {"fh": ["KC", "QC"]}),
    # forehand claims 74 against 34 (the dealer has 33 or more)
    "claim_vs_34": ([("AH", "TH"), ("AS", "TS"),  # F 42
                     ("JD", "AD"),                # D 13
                     ("KS", "QH"),                # D 20
                     ("TD", "KD"),                # D 34; last draw, forehand gets AC
                     ("JH", "KH"),                # Phase 2: forehand must beat with KH: F 48
                     ("AC", "QC"),                # a lower trump: F 62
                     ("TC", "JC"),                # F 74
                     "claim"], "AC", {"fh": ["QD", "QS"], "dl": ["KC", "JS"]}),
    # forehand takes four tricks and 69, the dealer none
    "claim_schwarz": ([("AH", "TH"), ("AS", "TS"), ("AD", "TD"), ("KH", "JH"), "claim"],
                      "JC", None),
    # the dealer reaches 74 (40 in trumps + 34) and does not claim; forehand then claims 70
    "both_over_66": ([("JH", "AH"),               # D 13
                      "marry:C", ("KC", "AC"),    # the dealer's 40 (effective), F 15
                      ("TS", "AS"),               # D 34 + 40 = 74
                      ("KH", "TH"),               # F 29
                      ("AD", "TD"),               # F 50; last draw, dealer gets JC
                      ("TC", "QC"),               # dealer cannot beat TC: a lower trump. F 63
                      ("KD", "QD"),               # F 70
                      "claim"], "JC", {"fh": ["QH", "KS", "JD"], "dl": ["QS", "JS"]}),
    # false claim by forehand (21) against a dealer with a trick
    "false_claim": ([("TH", "AH"), ("TS", "AS"), "claim"], "JC", None),
    # forehand claims at once: nothing, the dealer has no trick
    "claim_at_once": (["claim"], "JC", None),
    # 40 announced on the first lead and claimed: not effective without a trick (SS-9)
    "marry_claim_no_trick": (["marry:C", "claim"], "AC", {"fh": ["KC", "QC"]}),
    # no claim, no close: the dealer reaches 74 and never claims; forehand wins every Phase-2
    # trick and the last one with 46
    "last_trick_46_vs_74": ([("TH", "AH"),        # D 21
                             ("TS", "JS"),        # D 33
                             ("AD", "KD"),        # D 48
                             ("TD", "QD"),        # D 61
                             ("AS", "JD"),        # D 74; last draw: forehand gets KC
                             ("QS", "KS"),        # Phase 2: forehand must beat, F 7
                             ("AC", "QC"), ("TC", "JC"),    # F 21, F 33
                             ("KC", "JH"),        # the dealer has no trump left: F 39
                             ("KH", "QH")], "KC", None),    # F 46, last trick
    # no claim, no close: forehand wins the last trick with 96 against 24 (a trick)
    "last_trick_96_vs_24": ([("AH", "TH"), ("AS", "TS"),    # F 42
                             ("JD", "QD"),        # D 5
                             ("TD", "KD"),        # D 19
                             ("JH", "QH"),        # F 47; last draw: dealer gets JC
                             ("JS", "QS"),        # Phase 2: dealer must beat, D 24
                             ("AD", "KC"),        # forehand void in diamonds: trumps, F 62
                             ("AC", "QC"), ("TC", "JC"),    # F 76, F 88
                             ("KH", "KS")], "JC", None),    # F 96, last trick
    # forehand closes at once (the dealer has no trick), marries spades, the dealer then takes
    # a trick, forehand reaches 68 and claims before the last trick
    "close_at_once_then_68": (["close", "marry:S", ("KS", "JS"),    # F 6 + 20
                               ("AD", "TD"),       # F 47
                               ("QS", "JC"),       # dealer void in spades: must trump, D 5
                               ("AH", "TC"),       # forehand void in hearts: trumps, F 68
                               "claim"], "AC", {"fh": ["KD"], "dl": ["QD"]}),
    # the same, but forehand plays the last trick instead of claiming: F 75
    "close_at_once_last_trick_75": (["close", "marry:S", ("KS", "JS"), ("AD", "TD"),
                                     ("QS", "JC"), ("AH", "TC"), ("KD", "QD")], "AC", None),
    # forehand closes when the dealer has 7 and a trick; claims 68
    "close_vs_7": ([("QD", "KD"),                 # D 7
                    ("JS", "QS"),                 # F 5
                    "close", ("AH", "TH"), ("AS", "TS"), ("AD", "TD"),   # F 68
                    "claim"], "JC", {"dl": ["KH", "KS"]}),
    # forehand closes when the dealer has 34; marries diamonds; claims 66
    "close_vs_34": ([("TH", "AH"),                # D 21
                     ("AD", "JD"),                # D 34
                     ("JS", "QS"),                # F 5
                     "close", "marry:D", ("KD", "JH"),      # dealer void, no trump: F 31
                     ("AS", "TS"),                # F 52
                     ("TD", "KH"),                # F 66
                     "claim"], "JC", {"fh": ["QD", "AC"], "dl": ["QH", "KS"]}),
    # the same without the claim: forehand wins every Phase-2 trick, 87 in the end
    "close_vs_34_sweep": ([("TH", "AH"), ("AD", "JD"), ("JS", "QS"),
                           "close", "marry:D", ("KD", "JH"), ("AS", "TS"), ("TD", "KH"),
                           ("QD", "QH"),          # F 72
                           ("AC", "KS")], "JC", None),  # F 87
    # forehand closes at once and loses the last two tricks with 49
    "close_at_once_lose_49": (["close", ("AH", "TH"), ("AS", "TS"),      # F 42
                               ("KD", "QD"),      # F 49
                               ("JS", "KS"),      # dealer must beat: D 6
                               ("QH", "JD")], "AC", None),               # D 11
    # forehand closes at once and wins the last trick with 45
    "close_at_once_win_last_45": (["close", ("AH", "TH"),               # F 21
                                   ("KS", "AS"),  # the dealer must beat: D 15
                                   ("QD", "KC"),  # forehand void: trumps, F 28
                                   ("TC", "JD"),  # the dealer has no trump: F 40
                                   ("QS", "JS")], "AC", None),          # F 45
    # forehand closes at once, has 70 after four tricks, does not claim, loses the last
    "close_at_once_70_lose_last": (["close", ("AH", "TH"), ("AS", "TS"), ("AD", "TD"),
                                    ("KH", "QH"),  # F 70
                                    ("JS", "QS")], "AC", None),          # D 5
    # forehand wins a trick (the dealer none), closes, the dealer takes every later trick
    # and claims 70 (or plays the last trick)
    "close_then_opponent_claims": ([("QD", "JD"),                       # F 5
                                    "close", ("KH", "AH"),              # D 15
                                    "marry:S", ("KS", "JS"),            # D 21 + 20
                                    ("AD", "KD"),                        # D 56
                                    ("AS", "QH"),                        # D 70
                                    "claim"], "AC", {"fh": ["JH"], "dl": ["QS"]}),
    "close_then_opponent_sweeps": ([("QD", "JD"), "close", ("KH", "AH"), "marry:S",
                                    ("KS", "JS"), ("AD", "KD"), ("AS", "QH"),
                                    ("QS", "JH")], "AC", None),          # D 75
    # forehand closes at once and claims at once (false)
    "close_claim_at_once": (["close", "claim"], "AC", None),
    # forehand closes at once, the dealer takes the first trick and claims falsely
    "close_opponent_false_claim": (["close", ("KH", "AH"), "claim"], "AC", None),
    # forehand (closer) has a trick when the dealer claims falsely
    "close_opponent_false_claim_2": (["close", ("AH", "TH"), ("KS", "AS"), "claim"], "AC",
                                     None),
    # forehand closes at once and wins every trick with only 30
    "close_at_once_sweep_30": (["close", ("KH", "QH"), ("KS", "QS"), ("KD", "QD"),
                                ("QC", "JH"), ("JC", "JS")], "AC", None),
    # Bummerl: 60 to 60, the dealer takes a Phase-2 trick, forehand the last one
    "bummerl_tie_60": ([("AD", "KD"), ("JS", "JD"),        # F 19
                        ("TH", "AH"), ("TS", "TD"), ("AS", "QD"),   # D 55; F gets KC
                        ("QH", "JH"),     # Phase 2 (Bummerl): follow without beating, D 60
                        ("QS", "TC"),     # forehand void in spades: trumps, F 32
                        ("AC", "JC"), ("KC", "QC"), ("KH", "KS")], "KC", None),  # F 60
    # Bummerl: the dealer (74) takes the first Phase-2 trick, forehand the other four and the
    # last one, with 41 against 79
    "bummerl_points_79_41": ([("TH", "AH"), ("TS", "JS"), ("AD", "KD"), ("TD", "QD"),
                              ("AS", "JD"),                    # D 74; forehand gets KC
                              ("QC", "JC"),                    # follow low: D 79
                              ("QH", "KH"), ("KC", "QS"), ("TC", "JH"), ("AC", "KS")],
                             "KC", None),                      # F 7, 14, 26, 41
    # mit40: forehand announces 40 on the first lead and loses every trick; the dealer
    # claims 67
    "mit40_then_dealer_claims": (["marry:C", ("KC", "AC"),       # D 15
                                  ("AH", "JH"), ("AS", "JS"), ("AD", "JD"),   # D 54
                                  ("TH", "QH"),                   # D 67
                                  "claim"], "TC", {"fh_first": ["QC"]}),
    # the dealer ends with exactly 33 (forehand claims 74)
    "claim_vs_33": ([("AH", "TH"), ("AS", "TS"), ("JD", "AD"),      # F 42, D 13
                     ("KS", "JS"),                                   # D 19
                     ("TD", "KD"),                                   # D 33
                     ("JH", "KH"), ("AC", "QC"), ("TC", "JC"), "claim"],
                    "AC", {"fh": ["QD", "QH"], "dl": ["KC", "QS"]}),
    # the dealer ends with 32
    "claim_vs_32": ([("AH", "TH"), ("AS", "TS"), ("JD", "AD"),      # F 42, D 13
                     ("QS", "JS"),                                   # D 18
                     ("TD", "KD"),                                   # D 32
                     ("JH", "KH"), ("AC", "QC"), ("TC", "JC"), "claim"],
                    "AC", {"fh": ["QD", "QH"], "dl": ["KC", "KS"]}),
    # forehand takes all ten tricks and never claims
    "all_ten_tricks": ([("AH", "JH"), ("AS", "JS"), ("AD", "JD"), ("TH", "QH"), ("TS", "QS"),
                        ("TD", "KD"),             # Phase 2: the dealer cannot beat: KD
                        ("AC", "JC"), ("TC", "KH"), ("KC", "KS"), ("QC", "QD")], "JC", None),
    # the dealer's 20 is effective (13 + 20 = 33) when forehand closes: a successful close
    # scores 1
    "close_vs_marriage_33": ([("JD", "AD"),                   # D 13
                              "marry:H", ("KH", "AH"),        # D 13 + 20, F 15
                              "close", "marry:C", ("KC", "JC"),   # F 15 + 6 + 40
                              ("AS", "TS"),                   # F 82
                              "claim"], "AC",
                             {"fh": ["QC", "KD", "QS"], "dl": ["QH", "QD", "JS"]}),
}


def run_scn(profile, name, options=None, upto=None):
    """Replay scenario `name` of SCN (optionally only its first `upto` actions)."""
    steps, trump, hold = SCN[name]
    deck, actions, winners, _ = script(profile, steps, options=options, trump=trump, hold=hold)
    if upto is not None:
        return play(deal(profile, deck, options), actions[:upto])
    return run(profile, steps, options=options, trump=trump, hold=hold)


def scn_deck(profile, name, options=None):
    steps, trump, hold = SCN[name]
    return script(profile, steps, options=options, trump=trump, hold=hold)
