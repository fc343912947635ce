"""Decision and automatic frame kinds (the pending-decision stack), and what each decision asks."""

# decision frames (kind 0 is not used: an empty stack means the Action phase menu)
F_RENOWN = 1  # (k, p, count, origin, diagonal_ok)
F_ANY_RENOWN = 2  # (k, p)            special event: place 1 renown anywhere
F_RECRUIT = 3  # (k, p)            keep one of self.drawn or none
F_REPLACE = 4  # (k, p, card)      crew full: choose the member to replace
F_DEL_UGE = 5  # (k, p, exclude)   reduce any other block by 2
F_CHOPS = 6  # (k, p, origin)    may increase one adjacent block by 2
F_PEP = 7  # (k, p)            free upgrade: choose a track
F_ORANGE = 8  # (k, p, exclude)   Insurance: may place 1 renown on another Merchant block
F_ESME = 9  # (k, p, pos)       may redirect a fireball to an adjacent block
F_MOG = 10  # (k, p, victim, pos)  push the rival Brigade to an adjacent block
F_WAGON_FREE = 11  # (k, p)            wagon blue bonus: move the Wagon free after a Move Brigade
F_GNESS = 12  # (k, p, pos)       may increase the intensity where the Brigade stopped
F_GLORIA = 13  # (k, p)            Send the Wagon: choose an intensity-1 block
F_POLY = 14  # (k, p)            Polymorph: choose two adjacent blocks
F_REMOVE = 15  # (k, p)            remove one renown from the board
F_TAKE = 16  # (k, p)            take a Crew Member from another player
F_DIRTY = 17  # (k, p)            Dirty Dealings: may add 1 intensity to a block without meeples
F_OAK = 18  # (k, p, pos)       Old Tom Oak: choose a direction
F_MIMIC = 19  # (k, p)            Galeela: choose a crew card in play
F_AURATH = 20  # (k, p, remaining, stolen_mask)  Non-Corporeal: one step at a time
F_IMMORA = 21  # (k, p, exclude)   put one renown on another Noble block
F_ALI = 22  # (k, p, pos)       Ali Ahmar: choose one of three
F_ALI_FROM = 23  # (k, p)            Ali Ahmar: which of your renown to move
F_ALI_TO = 24  # (k, p, from)      Ali Ahmar: where it goes
F_ALI_REDUCE = 25  # (k, p, pos)       Ali Ahmar: reduce an adjacent block by one
F_ZILDA = 26  # (k, p)            Zilda Garrett: choose a player who discards a crew member
F_DISCARD = 27  # (k, victim)       the victim chooses the member to discard
F_PRECIOUS = 28  # (k, p)            Sir Precious: give him to another player
# automatic frames
A_FIRESTORM = 50  # (k, -1, positions, index)
A_END_EVENT = 51  # (k, -1)
A_END_ACTION = 52  # (k, -1)
A_DRAW_RECRUIT = 53  # (k, p)

PROMPTS = {
    F_RENOWN: "place renown ({n} left) on the block or a neighbour",
    F_ANY_RENOWN: "special event: place 1 renown on any block",
    F_RECRUIT: "recruit: keep one of the drawn crew, or neither",
    F_REPLACE: "your crew is full: choose a member to replace",
    F_DEL_UGE: "Del Uge: reduce the intensity of another block by two",
    F_CHOPS: "Chops Murphy: you may add two intensity to an adjacent block",
    F_PEP: "Pep Overclock: choose a track for a free upgrade",
    F_ORANGE: "Insurance: you may place 1 renown on another Merchant block",
    F_ESME: "Esme Morrow: a fireball is landing on your Brigade; redirect it to an adjacent block?",
    F_MOG: "Mog The Heavy: push the rival Brigade to an adjacent block",
    F_WAGON_FREE: "wagon bonus: you may move your Wagon for free",
    F_GNESS: "Gness Smold: you may increase the intensity here by one",
    F_GLORIA: "Send the Wagon: choose an unoccupied block at intensity 1",
    F_POLY: "Polymorph: choose two adjacent blocks to swap intensities",
    F_REMOVE: "remove one renown from the board",
    F_TAKE: "With the People: take a Crew Member from another player",
    F_DIRTY: "Dirty Dealings: you may add one intensity to a block without meeples",
    F_OAK: "Old Tom Oak: choose a direction",
    F_MIMIC: "Mimic: choose a crew card in play to copy",
    F_AURATH: "Non-Corporeal: step to a neighbouring block ({n} movement left), or stop here",
    F_IMMORA: "Immora: put one renown on another Noble block",
    F_ALI: "Ali Ahmar: 1) refill two water on your Brigade 2) move one of your renown 3) reduce an adjacent block by one",
    F_ALI_FROM: "Ali Ahmar: choose one of your renown to move",
    F_ALI_TO: "Ali Ahmar: choose where the renown goes",
    F_ALI_REDUCE: "Ali Ahmar: reduce the intensity of an adjacent block by one",
    F_ZILDA: "Zilda Garrett: you may make another player discard a crew member",
    F_DISCARD: "discard one of your crew members",
    F_PRECIOUS: "Sir Precious: give him to another player",
}
