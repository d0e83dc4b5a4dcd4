//! The Rust section of `docs/agents.md`, as code that runs: an `rmcp` tool whose parameters
//! hold an [`idn_hostname::Hostname`]. The tool publishes `"format": "hostname"` in its input
//! schema (`tools/list`), and rmcp's deserialization of the arguments, which runs before the
//! tool, refuses a name that is not a valid `hostname` with the crate's message.
//!
//! `tests/end_to_end.rs` runs it with a server and a client in one process, and checks that
//! the block between the two markers below is the `rust` block of `docs/agents.md`, character
//! for character.

// docs/agents.md: begin
use idn_hostname::Hostname;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::{schemars, tool, tool_router};
use serde::Deserialize;

/// The arguments of the `fetch` tool.
#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FetchParams {
    /// The host to fetch from, e.g. `example.com`: no scheme, port or path.
    pub host: Hostname,
}

/// An MCP server with one tool.
#[derive(Clone, Default)]
pub struct Fetcher;

#[tool_router(server_handler)]
impl Fetcher {
    /// Reached only with a valid `hostname`: rmcp refuses any other before calling it.
    #[tool(description = "Fetch the home page of a host.")]
    fn fetch(&self, Parameters(params): Parameters<FetchParams>) -> String {
        format!("fetched https://{}/", params.host)
    }
}
// docs/agents.md: end
