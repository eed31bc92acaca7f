//! Which of a unit's numbers and state flags the scenario's rules read. The inspector shows
//! those and no others, so a designer is not asked for a unit's Move in inches on a hex map
//! or whether infantry is mounted; a value the rules do not read stays in the file untouched.

use crate::model::{RuleOptions, Ruleset, SpecialRule, UnitKind};

/// A unit's numbers (`Stats`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stat {
    Mv,
    Ld,
    Discipline,
    Rof,
    Aw,
    Bs,
    Ev,
    To,
    Mp,
    Rout,
}

/// A unit's state flags (`UnitState`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    Charging,
    Charged,
    Evaded,
    ArrivedThisTurn,
    FailedLdCheck,
    Pinned,
    InBuildings,
    Mounted,
    Limbered,
    GunsAbandoned,
}

/// Whether a rule of the scenario reads `stat`: Mv by the free-measure moves (R1, R2, R3), Ld
/// by M42's command radius and R3's Ld check, Discipline by R1's order and pin tests, RoF and
/// Aw by R3's actions and concealment, BS by M42's move penalties, Ev and To by M42's modifiers
/// and R3's concealment bonus, MP by R5's hex moves, the rout distance by R4's routs.
pub fn reads_stat(rules: &RuleOptions, stat: Stat) -> bool {
    use Ruleset::*;
    let r = rules.ruleset;
    match stat {
        Stat::Mv => matches!(r, ColumnOfMarch | M42 | Orders),
        Stat::Ld => matches!(r, M42 | Orders),
        Stat::Discipline => r == ColumnOfMarch,
        Stat::Rof | Stat::Aw => r == Orders,
        Stat::Bs => r == M42,
        Stat::Ev | Stat::To => matches!(r, M42 | Orders),
        Stat::Mp => r == HexCommands,
        Stat::Rout => rules.morale_tests,
    }
}

/// Whether a rule of the scenario reads `flag` on a unit of `kind`: charging by R4's
/// modifiers and R5's reaction charge, charged also by R1's breaks, evaded and in-buildings by
/// R4, arrived-this-turn and mounted (dragoons only) by R5, the failed Ld check by R3, pinned
/// by R1, limbered and abandoned guns (artillery only) by R4.
pub fn reads_flag(rules: &RuleOptions, flag: Flag, kind: &UnitKind) -> bool {
    use Ruleset::*;
    let (r, morale) = (rules.ruleset, rules.morale_tests);
    match flag {
        Flag::Charging => morale || r == HexCommands,
        Flag::Charged => morale || matches!(r, HexCommands | ColumnOfMarch),
        Flag::Evaded | Flag::InBuildings => morale,
        Flag::ArrivedThisTurn => r == HexCommands,
        Flag::FailedLdCheck => r == Orders,
        Flag::Pinned => r == ColumnOfMarch,
        Flag::Mounted => r == HexCommands && matches!(kind, UnitKind::Dragoons),
        Flag::Limbered | Flag::GunsAbandoned => {
            morale && matches!(kind, UnitKind::Artillery { .. })
        }
    }
}

/// A leader's numbers (`Leadership`) and the unit's attached leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaderField {
    Chit,
    Span,
    Superior,
    Bonus,
    Rerolls,
    Attached,
}

/// Whether a rule of the scenario reads a leader's `field`: the command chit, span and
/// superior by R5's command tracing, the morale bonus and the attached leader by R4's tests,
/// the re-rolls by R4's optional re-roll rule only.
pub fn reads_leader_field(rules: &RuleOptions, field: LeaderField) -> bool {
    match field {
        LeaderField::Chit | LeaderField::Span | LeaderField::Superior => {
            rules.ruleset == Ruleset::HexCommands
        }
        LeaderField::Bonus | LeaderField::Attached => rules.morale_tests,
        LeaderField::Rerolls => rules.morale_tests && rules.optional.morale_rerolls,
    }
}

/// Every special rule, in the order the inspector lists them, with its name there.
pub const SPECIAL_RULES: [(SpecialRule, &str); 5] = [
    (SpecialRule::Swarm, "Swarm"),
    (SpecialRule::CombatTactics, "Combat tactics"),
    (SpecialRule::Elite, "Elite"),
    (SpecialRule::Pistols, "Pistols"),
    (SpecialRule::OneHandedWeapons, "One-handed weapons"),
];

/// Whether a rule of the scenario reads the special rule: Swarm and Combat tactics by M42's
/// leader (R2), Elite by R4's morale re-roll, Pistols and One-handed weapons by R3's rates of
/// fire.
pub fn reads_special(rules: &RuleOptions, special: SpecialRule) -> bool {
    match special {
        SpecialRule::Swarm | SpecialRule::CombatTactics => rules.ruleset == Ruleset::M42,
        SpecialRule::Elite => rules.morale_tests,
        SpecialRule::Pistols | SpecialRule::OneHandedWeapons => rules.ruleset == Ruleset::Orders,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r5_infantry_is_offered_no_special_rule_until_r4_brings_elite() {
        let mut r = RuleOptions::new(Ruleset::HexCommands);
        assert!(SPECIAL_RULES.iter().all(|(s, _)| !reads_special(&r, *s)));
        r.morale_tests = true;
        let read: Vec<_> = SPECIAL_RULES
            .iter()
            .filter(|(s, _)| reads_special(&r, *s))
            .map(|(_, n)| *n)
            .collect();
        assert_eq!(read, ["Elite"]);
        let r3 = RuleOptions::new(Ruleset::Orders);
        assert!(reads_special(&r3, SpecialRule::Pistols));
        assert!(!reads_special(&r3, SpecialRule::Swarm));
    }

    #[test]
    fn a_hex_map_under_r5_asks_for_movement_points_not_inches() {
        let r = RuleOptions::new(Ruleset::HexCommands);
        assert!(reads_stat(&r, Stat::Mp));
        assert!(!reads_stat(&r, Stat::Mv));
        assert!(!reads_stat(&r, Stat::Bs));
        assert!(!reads_stat(&r, Stat::Rout), "no R4 unless it is on");
    }

    #[test]
    fn only_dragoons_are_mounted_and_only_guns_limber() {
        let mut r = RuleOptions::new(Ruleset::HexCommands);
        r.morale_tests = true;
        assert!(reads_flag(&r, Flag::Mounted, &UnitKind::Dragoons));
        assert!(!reads_flag(&r, Flag::Mounted, &UnitKind::Infantry));
        assert!(!reads_flag(&r, Flag::Limbered, &UnitKind::Infantry));
        assert!(reads_stat(&r, Stat::Rout), "R4 on: the rout distance");
    }

    #[test]
    fn r1_reads_discipline_and_pins_r3_the_ld_check() {
        let r1 = RuleOptions::new(Ruleset::ColumnOfMarch);
        assert!(
            reads_stat(&r1, Stat::Discipline) && reads_flag(&r1, Flag::Pinned, &UnitKind::Infantry)
        );
        assert!(!reads_flag(&r1, Flag::FailedLdCheck, &UnitKind::Infantry));
        let r3 = RuleOptions::new(Ruleset::Orders);
        assert!(reads_stat(&r3, Stat::Rof) && reads_stat(&r3, Stat::Aw));
        assert!(reads_flag(&r3, Flag::FailedLdCheck, &UnitKind::Infantry));
        assert!(!reads_stat(&r3, Stat::Discipline));
    }

    #[test]
    fn r4_off_asks_a_leader_for_no_morale_bonus_and_re_rolls_need_the_optional_rule() {
        let mut r = RuleOptions::new(Ruleset::HexCommands);
        assert!(reads_leader_field(&r, LeaderField::Chit));
        assert!(!reads_leader_field(&r, LeaderField::Bonus));
        assert!(!reads_leader_field(&r, LeaderField::Attached));
        r.morale_tests = true;
        assert!(reads_leader_field(&r, LeaderField::Bonus));
        assert!(!reads_leader_field(&r, LeaderField::Rerolls));
        r.optional.morale_rerolls = true;
        assert!(reads_leader_field(&r, LeaderField::Rerolls));
        let m42 = RuleOptions::new(Ruleset::M42);
        assert!(!reads_leader_field(&m42, LeaderField::Span));
    }
}
