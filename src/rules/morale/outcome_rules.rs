//! How each way a test can go plays out for this unit (R4): a pass, a failure (one level down,
//! or a rally failed), the 50% rule, and the routing unit that routs on, by its state and kind.

use super::artillery;
use super::eligibility::fifty;
use super::outcome::{Distance, Effect, MoveKind, Movement, Outcome, OutcomeKind, Removal};
use super::request::{TestCause, TestKind};
use crate::model::{Morale, RuleOptions, Unit, UnitKind};

/// The unit and the rule settings an outcome depends on.
pub(super) struct Ctx<'a> {
    pub u: &'a Unit,
    pub rules: &'a RuleOptions,
    pub kind: TestKind,
    pub cause: TestCause,
}

impl Ctx<'_> {
    fn blank(&self, kind: OutcomeKind) -> Outcome {
        Outcome {
            kind,
            p: None,
            p_with_reroll: None,
            morale: self.u.state.morale,
            stands_lost: 0,
            limbers: false,
            abandons_guns: false,
            movement: None,
            removed: None,
            effects: Vec::new(),
        }
    }

    fn rout_move(&self) -> Movement {
        Movement {
            kind: MoveKind::Rout,
            distance: Distance::Fixed(u32::from(self.u.stats.rout_in)),
        }
    }

    pub fn outcome(&self, kind: OutcomeKind) -> Outcome {
        match kind {
            OutcomeKind::Pass => self.pass(),
            OutcomeKind::Fail => self.fail(),
            OutcomeKind::AutomaticFailure => self.automatic_failure(),
            OutcomeKind::KeepRouting => self.rout_on(OutcomeKind::KeepRouting),
        }
    }

    fn pass(&self) -> Outcome {
        let mut o = self.blank(OutcomeKind::Pass);
        match (self.kind, self.u.state.morale) {
            (TestKind::Rally, Morale::Unsteady) => {
                o.morale = Morale::GoodOrder;
                o.effects.push(Effect::BackToGoodOrder);
            }
            (TestKind::Rally, Morale::Routing) => {
                o.morale = Morale::Unsteady;
                o.effects.push(Effect::HaltsUnsteady);
            }
            (_, m) => o.effects.push(Effect::Holds(m)),
        }
        o
    }

    fn fail(&self) -> Outcome {
        match (self.kind, self.u.state.morale) {
            (TestKind::Rally, Morale::Unsteady) => {
                let mut o = self.blank(OutcomeKind::Fail);
                o.effects.push(Effect::StaysUnsteady);
                o
            }
            (TestKind::Rally, Morale::Routing) => self.rout_on(OutcomeKind::Fail),
            _ => self.drop_one_level(),
        }
    }

    /// A failed morale test: good order → unsteady → routing → removed.
    fn drop_one_level(&self) -> Outcome {
        let mut o = self.blank(OutcomeKind::Fail);
        match self.u.state.morale {
            Morale::GoodOrder => {
                o.morale = Morale::Unsteady;
                o.effects.push(Effect::BecomesUnsteady);
                if let UnitKind::Artillery { class, draught, .. } = self.u.kind {
                    artillery::first_failure(class, draught, &mut o);
                }
            }
            Morale::Unsteady => self.rout(&mut o),
            Morale::Routing => {
                o.effects.push(Effect::KeepsRouting);
                o.remove(Removal::BrokeWhileRouting);
            }
            Morale::Removed => {}
        }
        if self.kind == TestKind::Morale
            && self.u.kind == UnitKind::Elephant
            && self.rules.optional.elephant_stampede
        {
            o.effects.push(Effect::MayStampede);
        }
        o
    }

    /// Unsteady to routing, by kind of unit.
    fn rout(&self, o: &mut Outcome) {
        o.morale = Morale::Routing;
        match self.u.kind {
            UnitKind::Artillery { .. } => artillery::routs(
                &self.u.state,
                self.rules.optional.artillery_may_rally,
                self.rout_move(),
                o,
            ),
            UnitKind::Wagon => match self.cause {
                TestCause::Fire => {
                    o.effects.push(Effect::Flees);
                    o.movement = Some(self.rout_move());
                }
                TestCause::Melee => {
                    o.effects.push(Effect::Captured);
                    o.remove(Removal::Captured);
                }
            },
            _ => {
                o.effects.push(Effect::Routs);
                o.movement = Some(self.rout_move());
            }
        }
    }

    /// A routing unit that fails to rally, or chooses not to test: it routs its full distance
    /// and loses another stand, then the 50% rule.
    fn rout_on(&self, kind: OutcomeKind) -> Outcome {
        let mut o = self.blank(kind);
        let s = self.u.strength;
        let left = s.current.saturating_sub(1);
        o.morale = Morale::Routing;
        o.stands_lost = s.current.min(1);
        o.effects.push(Effect::KeepsRouting);
        o.effects.push(Effect::LosesStand { left });
        o.movement = Some(self.rout_move());
        if left == 0 {
            o.remove(Removal::Dispersed);
        } else if !self.u.kind.is_single_stand() && fifty(s.lost() + o.stands_lost, s.start) {
            if self.rules.optional.keep_routers_on_table {
                o.effects.push(Effect::StaysOnTableRouting);
            } else {
                o.remove(Removal::FiftyPercent);
            }
        }
        o
    }

    /// The 50% rule: removed, or (optional rule) routing on the table.
    fn automatic_failure(&self) -> Outcome {
        if !self.rules.optional.keep_routers_on_table {
            let mut o = self.blank(OutcomeKind::AutomaticFailure);
            o.remove(Removal::FiftyPercent);
            return o;
        }
        if self.kind == TestKind::Rally && self.u.state.morale == Morale::Routing {
            return self.rout_on(OutcomeKind::AutomaticFailure);
        }
        let mut o = self.blank(OutcomeKind::AutomaticFailure);
        o.effects.push(if self.u.state.morale == Morale::Routing {
            Effect::KeepsRouting
        } else {
            Effect::Routs
        });
        o.effects.push(Effect::StaysOnTableRouting);
        o.morale = Morale::Routing;
        o.movement = Some(self.rout_move());
        o
    }
}
