"""Subtype and ability-word names (CR 205.3g-m, 207.2c), so the compiler can tell a subtype from
any other capitalised word and strip ability words, which have no rules meaning."""
from __future__ import annotations

ARTIFACT_TYPES = frozenset(s.replace("_", " ") for s in """
Attraction Blood Bobblehead Clue Contraption Equipment Food Fortification Gold Incubator
Infinity Junk Lander Map Powerstone Spacecraft Stone Treasure Vehicle
""".split())

ENCHANTMENT_TYPES = frozenset(s.replace("_", " ") for s in """
Aura Background Cartouche Case Class Curse Role Room Rune Saga Shard Shrine
""".split())

LAND_TYPES = frozenset(s.replace("_", " ") for s in """
Cave Desert Forest Gate Island Lair Locus Mine Mountain Plains Planet Power-Plant Sphere Swamp
Tower Town Urza’s
""".split())

SPELL_TYPES = frozenset(s.replace("_", " ") for s in """
Adventure Arcane Lesson Omen Trap
""".split())

# CR 205.3j: the planeswalker types ("if you control a Basri planeswalker")
PLANESWALKER_TYPES = frozenset("""
Ajani Aminatou Angrath Arlinn Ashiok Bahamut Basri Bolas Calix Chandra Comet Dack Dakkon Daretti
Davriel Dihada Domri Dovin Ellywick Elminster Elspeth Estrid Freyalise Garruk Gideon Grist Guff
Huatli Jace Jared Jaya Jeska Kaito Karn Kasmina Kaya Kiora Koth Liliana Lolth Lukka Minsc
Mordenkainen Nahiri Narset Niko Nissa Nixilis Oko Quintorius Ral Rowan Saheeli Samut Sarkhan Serra
Sivitri Sorin Szat Tamiyo Tasha Teferi Teyo Tezzeret Tibalt Tyvar Ugin Urza Venser Vivien Vraska
Vronos Will Windgrace Wrenn Xenagos Yanggu Yanling Zariel
""".split())

CREATURE_TYPES = frozenset(s.replace("_", " ") for s in """
Advisor Aetherborn Alien Ally Angel Antelope Ape Archer Archon Armadillo Army Artificer Assassin
Assembly-Worker Astartes Atog Aurochs Avatar Azra Badger Balloon Barbarian Bard Basilisk Bat
Bear Beast Beaver Beeble Beholder Berserker Bird Bison Blinkmoth Boar Bringer Brushwagg Camarid
Camel Capybara Caribou Carrier Cat Centaur Child Chimera Citizen Cleric Clown Cockatrice
Construct Coward Coyote Crab Crocodile C’tan Custodes Cyberman Cyclops Dalek Dauthi Demigod
Demon Deserter Detective Devil Dinosaur Djinn Doctor Dog Dragon Drake Dreadnought Drix Drone
Druid Dryad Dwarf Echidna Efreet Egg Elder Eldrazi Elemental Elephant Elf Elk Employee Eye
Faerie Ferret Fish Flagbearer Fox Fractal Frog Fungus Gamer Gargoyle Germ Giant Gith Glimmer
Gnoll Gnome Goat Goblin God Golem Gorgon Graveborn Gremlin Griffin Guest Hag Halfling Hamster
Harpy Hedgehog Hellion Hero Hippo Hippogriff Homarid Homunculus Horror Horse Human Hydra Hyena
Illusion Imp Incarnation Inkling Inquisitor Insect Jackal Jellyfish Juggernaut Kangaroo Kavu
Kirin Kithkin Knight Kobold Kor Kraken Llama Lamia Lammasu Leech Lemur Leviathan Lhurgoyf Licid
Lizard Lobster Manticore Masticore Mercenary Merfolk Metathran Minion Minotaur Mite Mole Monger
Mongoose Monk Monkey Moogle Moonfolk Mount Mouse Mutant Myr Mystic Nautilus Necron Nephilim
Nightmare Nightstalker Ninja Noble Noggle Nomad Nymph Octopus Ogre Ooze Orb Orc Orgg Otter Ouphe
Ox Oyster Pangolin Peasant Pegasus Pentavite Performer Pest Phelddagrif Phoenix Phyrexian Pilot
Pincher Pirate Plant Platypus Porcupine Possum Praetor Primarch Prism Processor Qu Rabbit
Raccoon Ranger Rat Rebel Reflection Rhino Rigger Robot Rogue Sable Salamander Samurai Sand
Saproling Satyr Scarecrow Scientist Scion Scorpion Scout Sculpture Seal Serf Serpent Servo Shade
Shaman Shapeshifter Shark Sheep Siren Skeleton Skunk Slith Sliver Sloth Slug Snail Snake Soldier
Soltari Sorcerer Spawn Specter Spellshaper Sphinx Spider Spike Spirit Splinter Sponge Squid
Squirrel Starfish Surrakar Survivor Symbiote Synth Tentacle Tetravite Thalakos Thopter Thrull
Tiefling Toy Treefolk Trilobite Triskelavite Troll Turtle Tyranid Unicorn Vampire Varmint
Vedalken Villain Volver Wall Walrus Warlock Warrior Weasel Weird Werewolf Whale Wizard Wolf
Wolverine Wombat Worm Wraith Wurm Yeti Zombie Zubera Time_Lord
""".split())

ABILITY_WORDS = frozenset(s.replace("_", " ") for s in """
adamant addendum alliance battalion bloodrush celebration channel chroma cohort constellation
converge council's_dilemma coven delirium descend_4 descend_8 domain eerie eminence enrage
fateful_hour fathomless_descent ferocious flurry formidable grandeur hellbent heroic imprint
inspired join_forces kinship landfall lieutenant magecraft metalcraft morbid pack_tactics
paradox parley radiance raid rally renew revolt secret_council spell_mastery strive survival
sweep tempting_offer threshold undergrowth valiant vivid void will_of_the_council
""".split())
