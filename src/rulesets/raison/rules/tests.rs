//! Raison d'Etat rule tests.
