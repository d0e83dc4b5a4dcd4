//! A real rmcp server and client in one process, over `tokio::io::duplex`: the tool's
//! `tools/list` entry publishes `"format": "hostname"`; a call whose `host` is not a valid
//! `hostname` is refused by rmcp's deserialization of the arguments, before the tool runs, with
//! the crate's message; a valid name reaches the tool. Expected messages come from the crate's
//! check and from serde run on the same arguments, never copied.

use std::sync::{Arc, Mutex};

use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};
use rmcp::{ServerHandler, ServiceError, ServiceExt, tool, tool_router};
use serde_json::{Value, json};

use idn_hostname::check_hostname;
use idn_hostname_rmcp::{FetchParams, Fetcher};

/// The documented tool with the tool's body recording every host it is given, so a test can
/// tell that a refused call never reached it.
#[derive(Clone, Default)]
struct Recorder {
    seen: Arc<Mutex<Vec<String>>>,
}

#[tool_router(server_handler)]
impl Recorder {
    #[tool(description = "Fetch the home page of a host.")]
    fn fetch(&self, Parameters(params): Parameters<FetchParams>) -> String {
        self.seen.lock().unwrap().push(params.host.to_string());
        format!("fetched https://{}/", params.host)
    }
}

/// Without this crate: a `String` with the format written into its schema by hand. The schema
/// says `hostname`; nothing checks it.
#[derive(serde::Deserialize, rmcp::schemars::JsonSchema)]
#[schemars(crate = "rmcp::schemars")]
struct UncheckedParams {
    #[schemars(extend("format" = "hostname"))]
    host: String,
}

#[derive(Clone, Default)]
struct Unchecked {
    seen: Arc<Mutex<Vec<String>>>,
}

#[tool_router(server_handler)]
impl Unchecked {
    #[tool(description = "Fetch the home page of a host.")]
    fn fetch(&self, Parameters(params): Parameters<UncheckedParams>) -> String {
        self.seen.lock().unwrap().push(params.host.clone());
        format!("fetched https://{}/", params.host)
    }
}

/// A client connected to `server` through an in-memory pipe; the server runs on its own task.
async fn connect<S: ServerHandler>(server: S) -> RunningService<RoleClient, ()> {
    let (server_end, client_end) = tokio::io::duplex(64 * 1024);
    tokio::spawn(async move {
        let running = server.serve(server_end).await.unwrap();
        running.waiting().await.unwrap();
    });
    ().serve(client_end).await.unwrap()
}

async fn call(
    client: &RunningService<RoleClient, ()>,
    arguments: Value,
) -> Result<CallToolResult, ServiceError> {
    let Value::Object(arguments) = arguments else {
        panic!("arguments must be an object: {arguments}");
    };
    client
        .call_tool(CallToolRequestParams::new("fetch").with_arguments(arguments))
        .await
}

fn text(result: &CallToolResult) -> &str {
    &result.content[0].as_text().unwrap().text
}

/// A refused call: rmcp's tool router (3.11.0) answers an argument that does not deserialize
/// with a tool result whose `isError` is true and whose one text is serde's error (so the model
/// reads why and can fix its call), rather than a JSON-RPC error. That text carries `want`.
fn assert_refused(result: Result<CallToolResult, ServiceError>, want: &str) {
    let result = result.unwrap();
    assert_eq!(result.is_error, Some(true), "{result:?}");
    assert_eq!(result.content.len(), 1, "{result:?}");
    assert!(result.structured_content.is_none(), "{result:?}");
    let text = text(&result);
    assert!(text.contains(want), "{text:?} does not contain {want:?}");
}

#[tokio::test(flavor = "current_thread")]
async fn tools_list_publishes_the_hostname_format() {
    let client = connect(Fetcher).await;
    let tools = client.list_all_tools().await.unwrap();
    assert_eq!(tools.len(), 1);
    let schema = Value::Object(tools[0].input_schema.as_ref().clone());
    assert_eq!(tools[0].name, "fetch");
    assert_eq!(schema["type"], "object");
    assert_eq!(schema["properties"]["host"]["type"], "string");
    assert_eq!(schema["properties"]["host"]["format"], "hostname");
    assert_eq!(schema["required"], json!(["host"]));
    // `deny_unknown_fields` is published too.
    assert_eq!(schema["additionalProperties"], json!(false));
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn a_valid_name_reaches_the_tool() {
    let client = connect(Fetcher).await;
    let result = call(&client, json!({"host": "xn--bcher-kva.example"}))
        .await
        .unwrap();
    assert_eq!(text(&result), "fetched https://xn--bcher-kva.example/");
    assert_ne!(result.is_error, Some(true));
    client.cancel().await.unwrap();
}

#[tokio::test(flavor = "current_thread")]
async fn an_invalid_name_is_refused_before_the_tool_runs_with_the_crates_message() {
    let server = Recorder::default();
    let seen = server.seen.clone();
    let client = connect(server).await;
    let megabyte = "a".repeat(1 << 20);
    for name in [
        "xn--X",
        "https://example.com/x",
        "example.com:443",
        "example.com.",
        "bücher.example",
        "-bad-",
        megabyte.as_str(),
    ] {
        let want = check_hostname(name).unwrap_err().to_string();
        assert_refused(call(&client, json!({"host": name})).await, &want);
        assert!(seen.lock().unwrap().is_empty(), "{name:?} reached the tool");
    }
    // The server is still there, and a valid name reaches the tool.
    let result = call(&client, json!({"host": "example.com"})).await.unwrap();
    assert_eq!(text(&result), "fetched https://example.com/");
    assert_eq!(*seen.lock().unwrap(), ["example.com"]);
    client.cancel().await.unwrap();
}

/// Arguments of the wrong shape get serde's usual error, through rmcp's usual refusal: the same
/// message as `serde_json::from_value` gives for the same arguments.
#[tokio::test(flavor = "current_thread")]
async fn a_wrong_json_type_or_key_gets_the_sdks_usual_error() {
    let server = Recorder::default();
    let seen = server.seen.clone();
    let client = connect(server).await;
    for arguments in [
        json!({"host": 47}),
        json!({"host": null}),
        json!({"host": {"name": "example.com"}}),
        json!({"host": ["example.com"]}),
        json!({}),
        json!({"host": "example.com", "port": 443}),
    ] {
        let want = serde_json::from_value::<FetchParams>(arguments.clone())
            .err()
            .unwrap()
            .to_string();
        assert_refused(call(&client, arguments).await, &want);
    }
    assert!(seen.lock().unwrap().is_empty());
    // The unknown key is refused by `deny_unknown_fields`, not by the name.
    let unknown = json!({"host": "example.com", "port": 443});
    let err = serde_json::from_value::<FetchParams>(unknown)
        .err()
        .unwrap();
    assert!(err.to_string().starts_with("unknown field `port`"), "{err}");
    client.cancel().await.unwrap();
}

/// What docs/agents.md states of rmcp 3.11.0 without this crate: the published format is not
/// checked; the arguments are only deserialized, so `xn--X` reaches the tool.
#[tokio::test(flavor = "current_thread")]
async fn without_the_crate_a_published_format_is_not_checked() {
    let server = Unchecked::default();
    let seen = server.seen.clone();
    let client = connect(server).await;
    let tools = client.list_all_tools().await.unwrap();
    assert_eq!(
        tools[0].input_schema["properties"]["host"]["format"],
        "hostname"
    );
    let result = call(&client, json!({"host": "xn--X"})).await.unwrap();
    assert_eq!(text(&result), "fetched https://xn--X/");
    assert_eq!(*seen.lock().unwrap(), ["xn--X"]);
    assert!(check_hostname("xn--X").is_err());
    client.cancel().await.unwrap();
}

/// The `rust` block of docs/agents.md's `## Rust` section is `src/lib.rs` between its markers,
/// so the snippet a reader copies is the code these tests run.
#[test]
fn the_documented_snippet_is_the_tested_code() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let docs = std::fs::read_to_string(format!("{root}/docs/agents.md")).unwrap();
    let lib = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/lib.rs")).unwrap();

    let rust = &docs[docs
        .find("\n## Rust\n")
        .expect("docs/agents.md: no `## Rust`")..];
    let rust = &rust[..rust[1..].find("\n## ").map_or(rust.len(), |end| end + 1)];
    let start = rust
        .find("\n```rust\n")
        .expect("no rust block in `## Rust`")
        + "\n```rust\n".len();
    let block = &rust[start..start + rust[start..].find("\n```\n").unwrap() + 1];

    let begin = "// docs/agents.md: begin\n";
    let from = lib.find(begin).unwrap() + begin.len();
    let to = lib.find("// docs/agents.md: end\n").unwrap();
    assert_eq!(block, &lib[from..to]);
}
