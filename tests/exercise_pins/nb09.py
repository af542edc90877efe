"""Notebook 09's exercise answers, worked out by hand."""

PINS = {
    "09.1": 2.718281828459045 ** 4.2,        # e^4.2 = 66.686 (gensim would print 2^4.2 = 18.4)
    "09.2": "higher",                        # e^7 = 1096.6 > 2^7 = 128
    "09.3": 1 - 6 * (1 + 0 + 1 + 0) / (4 * (4 ** 2 - 1)),   # ranks (2,3,1,4) vs (1,3,2,4): 0.8
    "09.4": 12 / 15,                         # fire, homes, sydney repeated: 12 distinct of 15
}
