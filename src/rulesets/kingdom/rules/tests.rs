//! Tests of the Kingdom rules, each naming its rule id.
