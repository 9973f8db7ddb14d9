//! The console's forms and query strings, from their `application/x-www-form-urlencoded` bytes
//! (read by `form_urlencoded`) to what a handler acts on, or an error naming the field. Pure, so
//! the fuzz target `console_forms` holds it to its table: it never panics, and what it accepts
//! is within the limits below, non-blank where a value is required.

use crate::guard::sanitize::{MAX_LONG_FIELD, MAX_SHORT_FIELD};
use std::collections::BTreeMap;

/// The largest form body the console reads (413 past it): a reason is at most 2,000 characters.
pub const MAX_FORM_BYTES: usize = 16 * 1024;

/// One decision of the fleet's owner, as the review pages post it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    Approve { claim: String },
    Retire { claim: String, reason: String },
    Retract { claim: String, reason: String },
    Quarantine { agent: String, reason: String },
}

impl Decision {
    /// What the page says after it: "approved", "retired", ….
    pub fn done(&self) -> Done {
        match self {
            Decision::Approve { .. } => Done::Approved,
            Decision::Retire { .. } => Done::Retired,
            Decision::Retract { .. } => Done::Retracted,
            Decision::Quarantine { .. } => Done::Quarantined,
        }
    }
}

/// What a redirect after a decision tells the next page (`?done=`): only these words, so the
/// query cannot put text of its own on the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Done {
    Approved,
    Retired,
    Retracted,
    Quarantined,
    Revoked,
    Published,
    Deprecated,
}

impl Done {
    pub const ALL: [Done; 7] = [
        Done::Approved,
        Done::Retired,
        Done::Retracted,
        Done::Quarantined,
        Done::Revoked,
        Done::Published,
        Done::Deprecated,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Done::Approved => "approved",
            Done::Retired => "retired",
            Done::Retracted => "retracted",
            Done::Quarantined => "quarantined",
            Done::Revoked => "revoked",
            Done::Published => "published",
            Done::Deprecated => "deprecated",
        }
    }

    /// What the page says after it.
    pub fn message(self) -> &'static str {
        match self {
            Done::Revoked => "Revoked: the key is refused from its next request on.",
            Done::Published => {
                "Approved: the knowledge tools serve this record from their next call (where the fleet's published base is mirrored, once you publish again)."
            }
            Done::Deprecated => "Deprecated: the knowledge tools no longer serve this record.",
            Done::Approved => "Recorded: approved. The next fold applies it.",
            Done::Retired => "Recorded: retired. The next fold applies it.",
            Done::Retracted => "Recorded: retracted. The next fold applies it.",
            Done::Quarantined => "Recorded: quarantined. The next fold applies it.",
        }
    }
}

/// What an owner does to keys on the keys page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyAction {
    /// A new key for some of the owner's fleets (`fleets`: comma-separated).
    Create {
        name: String,
        fleets: Vec<String>,
        quota: Option<u32>,
        owner: bool,
    },
    Revoke {
        name: String,
    },
}

/// What the knowledge base's owner does to a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordAction {
    Approve,
    Deprecate,
}

/// A posted record form: `csrf`, `fleet` (the page's), `action` (approve, deprecate), `record`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordForm {
    pub csrf: String,
    pub fleet: String,
    pub action: RecordAction,
    pub record: String,
}

/// A posted key form with the fields every state-changing form carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyForm {
    pub csrf: String,
    pub fleet: String,
    pub action: KeyAction,
}

/// A posted decision with the fields every state-changing form carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecisionForm {
    pub csrf: String,
    pub fleet: String,
    pub decision: Decision,
}

/// What a page's query string may say.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PageQuery {
    pub fleet: Option<String>,
    pub id: Option<String>,
    pub done: Option<Done>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FormError {
    #[error("the form is larger than {MAX_FORM_BYTES} bytes")]
    TooLarge,
    #[error("`{0}` is missing")]
    Missing(&'static str),
    #[error("`{0}` is given more than once")]
    Repeated(String),
    #[error("`{0}` must not be blank")]
    Blank(&'static str),
    #[error("`{field}` is longer than {max} characters")]
    TooLong { field: &'static str, max: usize },
    #[error("`{field}` must be one of: {allowed}")]
    NotOneOf { field: &'static str, allowed: &'static str },
    #[error("`{0}` must be a whole number from 1 to 4294967295")]
    NotANumber(&'static str),
}

impl FormError {
    /// The field the error is about (`None`: the whole form).
    pub fn field(&self) -> Option<&str> {
        match self {
            FormError::TooLarge => None,
            FormError::Repeated(field) => Some(field),
            FormError::Missing(field) | FormError::Blank(field) | FormError::NotANumber(field) => Some(field),
            FormError::TooLong { field, .. } | FormError::NotOneOf { field, .. } => Some(field),
        }
    }
}

/// The fields of a form or query, each at most once.
struct Fields(BTreeMap<String, String>);

impl Fields {
    fn parse(bytes: &[u8]) -> Result<Fields, FormError> {
        if bytes.len() > MAX_FORM_BYTES {
            return Err(FormError::TooLarge);
        }
        let mut fields = BTreeMap::new();
        for (name, value) in form_urlencoded::parse(bytes) {
            if fields.insert(name.to_string(), value.into_owned()).is_some() {
                return Err(FormError::Repeated(crate::guard::sanitize::clean_single_line(&name, 40)));
            }
        }
        Ok(Fields(fields))
    }

    /// An optional field, trimmed; present but blank reads as absent.
    fn optional(&self, field: &'static str, max: usize) -> Result<Option<String>, FormError> {
        let Some(value) = self.0.get(field).map(|v| v.trim()).filter(|v| !v.is_empty()) else { return Ok(None) };
        if value.chars().count() > max {
            return Err(FormError::TooLong { field, max });
        }
        Ok(Some(value.to_string()))
    }

    fn required(&self, field: &'static str, max: usize) -> Result<String, FormError> {
        match self.0.get(field) {
            None => Err(FormError::Missing(field)),
            Some(_) => self.optional(field, max)?.ok_or(FormError::Blank(field)),
        }
    }
}

/// A decision form: `csrf`, `fleet`, `action` (approve, retire, retract, quarantine), `claim`
/// (or `agent` for quarantine) and, except for approve, `reason`.
pub fn decision(body: &[u8]) -> Result<DecisionForm, FormError> {
    let fields = Fields::parse(body)?;
    let csrf = fields.required("csrf", MAX_SHORT_FIELD)?;
    let fleet = fields.required("fleet", MAX_SHORT_FIELD)?;
    let action = fields.required("action", MAX_SHORT_FIELD)?;
    let claim = || fields.required("claim", MAX_SHORT_FIELD);
    let reason = || fields.required("reason", MAX_LONG_FIELD);
    let decision = match action.as_str() {
        "approve" => Decision::Approve { claim: claim()? },
        "retire" => Decision::Retire { claim: claim()?, reason: reason()? },
        "retract" => Decision::Retract { claim: claim()?, reason: reason()? },
        "quarantine" => Decision::Quarantine { agent: fields.required("agent", MAX_SHORT_FIELD)?, reason: reason()? },
        _ => return Err(FormError::NotOneOf { field: "action", allowed: "approve, retire, retract, quarantine" }),
    };
    Ok(DecisionForm { csrf, fleet, decision })
}

/// A key form: `csrf`, `fleet`, `action` (create, revoke), `name`; to create, `fleets`
/// (comma-separated), `quota` (calls per day, optional) and `owner` (a checkbox: present or not).
pub fn key_form(body: &[u8]) -> Result<KeyForm, FormError> {
    let fields = Fields::parse(body)?;
    let csrf = fields.required("csrf", MAX_SHORT_FIELD)?;
    let fleet = fields.required("fleet", MAX_SHORT_FIELD)?;
    let action = fields.required("action", MAX_SHORT_FIELD)?;
    let name = fields.required("name", MAX_SHORT_FIELD)?;
    let action = match action.as_str() {
        "create" => {
            let fleets: Vec<String> = fields
                .required("fleets", MAX_SHORT_FIELD)?
                .split(',')
                .map(str::trim)
                .filter(|f| !f.is_empty())
                .map(str::to_string)
                .collect();
            if fleets.is_empty() {
                return Err(FormError::Blank("fleets"));
            }
            let quota = match fields.optional("quota", MAX_SHORT_FIELD)? {
                None => None,
                Some(text) => Some(text.parse::<u32>().ok().filter(|q| *q > 0).ok_or(FormError::NotANumber("quota"))?),
            };
            KeyAction::Create { name, fleets, quota, owner: fields.0.contains_key("owner") }
        }
        "revoke" => KeyAction::Revoke { name },
        _ => return Err(FormError::NotOneOf { field: "action", allowed: "create, revoke" }),
    };
    Ok(KeyForm { csrf, fleet, action })
}

/// A record form (see [`RecordForm`]).
pub fn record_form(body: &[u8]) -> Result<RecordForm, FormError> {
    let fields = Fields::parse(body)?;
    let csrf = fields.required("csrf", MAX_SHORT_FIELD)?;
    let fleet = fields.required("fleet", MAX_SHORT_FIELD)?;
    let action = match fields.required("action", MAX_SHORT_FIELD)?.as_str() {
        "approve" => RecordAction::Approve,
        "deprecate" => RecordAction::Deprecate,
        _ => return Err(FormError::NotOneOf { field: "action", allowed: "approve, deprecate" }),
    };
    Ok(RecordForm { csrf, fleet, action, record: fields.required("record", MAX_SHORT_FIELD)? })
}

/// The sign-in form: the owner key.
pub fn sign_in(body: &[u8]) -> Result<String, FormError> {
    Fields::parse(body)?.required("key", MAX_SHORT_FIELD)
}

/// A form that only proves it came from a console page (sign out): its `csrf`.
pub fn csrf_only(body: &[u8]) -> Result<String, FormError> {
    Fields::parse(body)?.required("csrf", MAX_SHORT_FIELD)
}

/// A page's query string (`fleet`, `id`, `done`); other names are ignored.
pub fn query(query: Option<&str>) -> Result<PageQuery, FormError> {
    let fields = Fields::parse(query.unwrap_or_default().as_bytes())?;
    let done = match fields.optional("done", MAX_SHORT_FIELD)? {
        None => None,
        Some(word) => Some(Done::ALL.into_iter().find(|d| d.as_str() == word).ok_or(FormError::NotOneOf {
            field: "done",
            allowed: "approved, retired, retracted, quarantined, revoked, published, deprecated",
        })?),
    };
    Ok(PageQuery {
        fleet: fields.optional("fleet", MAX_SHORT_FIELD)?,
        id: fields.optional("id", MAX_SHORT_FIELD)?,
        done,
    })
}

/// `fleet=…&id=…` as a link's query string, each value form-encoded.
pub fn link_query(pairs: &[(&str, &str)]) -> String {
    form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_form_reads_each_action_with_its_fields() {
        let form = decision(b"csrf=t&fleet=web&action=retire&claim=clm_1&reason=wrong+since+v2").unwrap();
        assert_eq!(form.csrf, "t");
        assert_eq!(form.fleet, "web");
        assert_eq!(form.decision, Decision::Retire { claim: "clm_1".into(), reason: "wrong since v2".into() });
        let approve = decision(b"csrf=t&fleet=web&action=approve&claim=clm_1").unwrap();
        assert_eq!(approve.decision, Decision::Approve { claim: "clm_1".into() });
        let quarantine = decision(b"csrf=t&fleet=web&action=quarantine&agent=a%2F1&reason=r").unwrap();
        assert_eq!(quarantine.decision, Decision::Quarantine { agent: "a/1".into(), reason: "r".into() });
    }

    #[test]
    fn a_bad_decision_form_names_its_field() {
        let table: &[(&[u8], &str)] = &[
            (b"fleet=web&action=approve&claim=c", "csrf"),
            (b"csrf=t&action=approve&claim=c", "fleet"),
            (b"csrf=t&fleet=web&action=burn&claim=c", "action"),
            (b"csrf=t&fleet=web&action=approve", "claim"),
            (b"csrf=t&fleet=web&action=retire&claim=c", "reason"),
            (b"csrf=t&fleet=web&action=retire&claim=c&reason=+++", "reason"),
            (b"csrf=t&fleet=web&action=quarantine&reason=r", "agent"),
            (b"csrf=t&csrf=u&fleet=web&action=approve&claim=c", "csrf"),
        ];
        for (body, field) in table {
            let error = decision(body).unwrap_err();
            assert_eq!(error.field(), Some(*field), "{}: {error}", String::from_utf8_lossy(body));
            assert!(error.to_string().contains(field), "{error}");
        }
        let long = format!("csrf=t&fleet=web&action=retire&claim=c&reason={}", "x".repeat(MAX_LONG_FIELD + 1));
        assert_eq!(decision(long.as_bytes()).unwrap_err(), FormError::TooLong { field: "reason", max: MAX_LONG_FIELD });
        assert_eq!(decision(&vec![b'a'; MAX_FORM_BYTES + 1]).unwrap_err(), FormError::TooLarge);
    }

    #[test]
    fn a_key_form_reads_create_and_revoke_and_names_a_bad_field() {
        let create = key_form(b"csrf=t&fleet=web&action=create&name=ci&fleets=web%2C+ops&quota=500&owner=on").unwrap();
        let wanted = KeyAction::Create {
            name: "ci".into(),
            fleets: vec!["web".into(), "ops".into()],
            quota: Some(500),
            owner: true,
        };
        assert_eq!(create.action, wanted);
        let plain = key_form(b"csrf=t&fleet=web&action=create&name=ci&fleets=web&quota=").unwrap();
        assert_eq!(
            plain.action,
            KeyAction::Create { name: "ci".into(), fleets: vec!["web".into()], quota: None, owner: false }
        );
        assert_eq!(
            key_form(b"csrf=t&fleet=web&action=revoke&name=ci").unwrap().action,
            KeyAction::Revoke { name: "ci".into() }
        );
        for (body, field) in [
            (&b"csrf=t&fleet=web&action=create&name=ci&fleets=web&quota=-1"[..], "quota"),
            (b"csrf=t&fleet=web&action=create&name=ci&fleets=web&quota=0", "quota"),
            (b"csrf=t&fleet=web&action=create&name=ci&fleets=+%2C+", "fleets"),
            (b"csrf=t&fleet=web&action=create&name=ci", "fleets"),
            (b"csrf=t&fleet=web&action=revoke", "name"),
            (b"csrf=t&fleet=web&action=burn&name=ci", "action"),
        ] {
            let error = key_form(body).unwrap_err();
            assert_eq!(error.field(), Some(field), "{error}");
        }
    }

    #[test]
    fn a_record_form_reads_approve_and_deprecate_and_names_a_bad_field() {
        let record = record_form(b"csrf=t&fleet=web&action=deprecate&record=kb-1").unwrap();
        assert_eq!((record.action, record.record.as_str()), (RecordAction::Deprecate, "kb-1"));
        assert_eq!(record_form(b"csrf=t&fleet=web&action=burn&record=kb-1").unwrap_err().field(), Some("action"));
        assert_eq!(record_form(b"csrf=t&fleet=web&action=approve").unwrap_err().field(), Some("record"));
    }

    #[test]
    fn a_query_takes_only_known_words_for_done() {
        let read = query(Some("fleet=web&id=clm_1&done=approved&other=x")).unwrap();
        assert_eq!(read, PageQuery { fleet: Some("web".into()), id: Some("clm_1".into()), done: Some(Done::Approved) });
        assert_eq!(query(None).unwrap(), PageQuery::default());
        assert_eq!(query(Some("done=%3Cscript%3E")).unwrap_err().field(), Some("done"));
        assert_eq!(link_query(&[("fleet", "a b"), ("id", "x&y")]), "fleet=a+b&id=x%26y");
    }
}
