"""Mana in the engine: mana abilities (CR 605), what a player could produce (CR 106.7), paying mana costs (CR 601.2g-h) and mana spending restrictions (CR 106.6)."""
