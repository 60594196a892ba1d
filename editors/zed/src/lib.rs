//! Starts `doclint lsp --stdio` for Markdown, MDX and JSON files. doclint must be on PATH (for
//! example `npm install -g doclint`, or the project's node_modules/.bin on PATH).
use zed_extension_api::{self as zed, LanguageServerId, Result};

struct Doclint;

impl zed::Extension for Doclint {
    fn new() -> Self {
        Doclint
    }

    fn language_server_command(&mut self, _id: &LanguageServerId, worktree: &zed::Worktree) -> Result<zed::Command> {
        let command = worktree
            .which("doclint")
            .ok_or_else(|| "doclint is not on PATH: npm install -g doclint".to_string())?;
        Ok(zed::Command {
            command,
            args: vec!["lsp".into(), "--stdio".into()],
            env: Default::default(),
        })
    }
}

zed::register_extension!(Doclint);
