//! Issue 18: the README lists every supported house rule (`HouseRule::iter()`) with one line,
//! under its "Rules" heading; a rule added to the code and not to the README fails here.

use factory_floor::model::HouseRule;
use strum::IntoEnumIterator;

#[test]
fn the_readme_lists_every_house_rule_with_one_line() {
    let readme = include_str!("../README.md");
    let Some(at) = readme.find("\n## Rules\n") else {
        panic!("README.md has no \"## Rules\" section");
    };
    let section = &readme[at + 1..];
    let section = section[3..]
        .find("\n## ")
        .map_or(section, |end| &section[..end + 3]);
    for rule in HouseRule::iter() {
        let tag = format!("`{}`", rule.name());
        let lines = section
            .lines()
            .filter(|l| l.starts_with("- ") && l.contains(&tag))
            .count();
        assert_eq!(
            lines,
            1,
            "README.md's Rules section should list {tag} ({}) on one line of its own",
            rule.label()
        );
    }
}
