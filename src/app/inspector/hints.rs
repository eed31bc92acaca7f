//! What a field of the inspector means, shown when the pointer rests on its name: the fields
//! whose effect on play is not plain from a short label (a limit, a rate, a rule's number).

/// The hover text for the field labelled `label`, if it needs one.
pub(super) fn hint(label: &str) -> Option<&'static str> {
    Some(match label {
        "Units per hex" => {
            "How many combat units may share a hex (leaders never count). 1 is the hex rules' \
             own reading; raise it for a source that stacks brigades. Moves and `check` follow it."
        }
        "In-buildings morale bonus" => {
            "Added to a unit's morale test while it stands in a building."
        }
        "Road MP per hex" => {
            "What a step along a road costs, when that is less than the terrain it enters."
        }
        "Track MP per hex" => {
            "What a step along a track costs, when that is less than the terrain it enters."
        }
        "Railway MP per hex" => {
            "What a step along a railway costs, when that is less than the terrain it enters."
        }
        "River extra MP" => "Added to a step across an unbridged river hexside.",
        "Wall extra MP" => "Added to a step across a wall hexside.",
        "Hex movement" => "What a step into a hex of this terrain costs, or impassable.",
        "Command span (hexes)" => {
            "How far, in hexes, this leader commands: units farther away are out of command."
        }
        "Arrives on turn" => "The turn these units enter the map at their entry.",
        "Entry by name" => {
            "A map label names the entry hex, so the order of battle can say \"turn 3 at \
             Bolingbroke road\"."
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::hint;

    #[test]
    fn the_stacking_limit_says_what_it_counts() {
        let h = hint("Units per hex").expect("a hint");
        assert!(h.contains("leaders never count"), "{h}");
        assert!(hint("Name").is_none(), "plain fields need no hint");
    }
}
