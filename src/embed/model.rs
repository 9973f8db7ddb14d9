//! The real embedder: a static Model2Vec model distilled from all-MiniLM-L6-v2
//! (`models/m2v-minilm-256-i8/`, rebuilt by `scripts/build-embedder.sh`), run by model2vec-rs.
//! The files are compiled into the binary and checked against their pinned sha256 when the model
//! is first loaded, which happens on the first embedding, never at start-up. When they cannot be
//! used the callers fall back to [`Lexical`](super::Lexical) and say why.

use super::Embedder;
use sha2::{Digest, Sha256};
use std::path::PathBuf;
use std::sync::OnceLock;

/// Recorded in a snapshot's meta (`embedding_model`). The suffix is the start of the weights'
/// sha256, so a rebuilt model with other bits is another model to every snapshot reader.
pub const STATIC_MODEL: &str = "m2v-minilm-l6-256-i8-53ef243b";
pub const STATIC_DIMENSIONS: usize = 256;

/// The variable that points the process at a model folder instead of the embedded copy; set it
/// to a folder without the files to run on the lexical fallback (as a build without them would).
pub const MODEL_DIR_VARIABLE: &str = "CTXLAKE_MODEL_DIR";

/// The pinned files: name and sha256. `tests` checks the committed copies against them.
pub const MODEL_FILES: [(&str, &str); 3] = [
    ("model.safetensors", "53ef243b4b3b159bb03dc21641dd6263019dde21b68fd0cd7e7c5852d3cc398c"),
    ("tokenizer.json", "6d79a13ffb95001306f580a87ec9202417b6daab002225e89f5261ca986446bd"),
    ("config.json", "598fde9be2f33ba289ecbcc00add3d1ad072b4c7c133399eb120a1b8ca2ee991"),
];

/// The folder the model is committed in, for tests and for `scripts/build-embedder.sh`.
pub const COMMITTED_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/models/m2v-minilm-256-i8");

static EMBEDDED: [&[u8]; 3] = [
    include_bytes!("../../models/m2v-minilm-256-i8/model.safetensors"),
    include_bytes!("../../models/m2v-minilm-256-i8/tokenizer.json"),
    include_bytes!("../../models/m2v-minilm-256-i8/config.json"),
];

#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    #[error("model file {path} unreadable: {source}")]
    Unreadable { path: String, source: std::io::Error },
    #[error("model file {name} has sha256 {actual}, expected {expected}")]
    Hash { name: &'static str, expected: &'static str, actual: String },
    #[error("model files do not load: {0}")]
    Load(String),
    #[error("model has {0} dimensions, expected {STATIC_DIMENSIONS}")]
    Dimensions(usize),
}

/// Where the model's bytes come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelSource {
    /// The copy compiled into this binary.
    Embedded,
    /// A folder holding the three pinned files.
    Dir(PathBuf),
}

impl ModelSource {
    /// `CTXLAKE_MODEL_DIR` when set and non-empty, else the embedded copy.
    pub fn from_env() -> ModelSource {
        match std::env::var_os(MODEL_DIR_VARIABLE) {
            Some(dir) if !dir.is_empty() => ModelSource::Dir(PathBuf::from(dir)),
            _ => ModelSource::Embedded,
        }
    }
}

/// The static model behind [`Embedder`]: one thread per call (`encode_single`), so a search
/// stays on the core that serves it.
pub struct StaticModel {
    inner: model2vec_rs::model::StaticModel,
}

impl StaticModel {
    /// Loads and verifies the model; use [`shared`] unless a test needs its own source.
    pub fn load(source: &ModelSource) -> Result<StaticModel, ModelError> {
        match source {
            ModelSource::Embedded => StaticModel::from_bytes(EMBEDDED),
            ModelSource::Dir(dir) => {
                let read = |name: &str| {
                    let path = dir.join(name);
                    std::fs::read(&path)
                        .map_err(|source| ModelError::Unreadable { path: path.display().to_string(), source })
                };
                let [model, tokenizer, config] = MODEL_FILES.map(|(name, _)| read(name));
                StaticModel::from_bytes([&model?[..], &tokenizer?[..], &config?[..]])
            }
        }
    }

    fn from_bytes(files: [&[u8]; 3]) -> Result<StaticModel, ModelError> {
        for ((name, expected), bytes) in MODEL_FILES.iter().zip(files) {
            let actual = format!("{:x}", Sha256::digest(bytes));
            if actual != *expected {
                return Err(ModelError::Hash { name, expected, actual });
            }
        }
        let [model, tokenizer, config] = files;
        let inner = model2vec_rs::model::StaticModel::from_bytes(tokenizer, model, config, None)
            .map_err(|e| ModelError::Load(format!("{e:#}")))?;
        if inner.dim() != STATIC_DIMENSIONS {
            return Err(ModelError::Dimensions(inner.dim()));
        }
        Ok(StaticModel { inner })
    }
}

impl Embedder for StaticModel {
    fn model(&self) -> &'static str {
        STATIC_MODEL
    }

    fn dimensions(&self) -> usize {
        STATIC_DIMENSIONS
    }

    fn embed(&self, text: &str) -> Vec<f32> {
        self.inner.encode_single(text)
    }
}

/// The process's static model, loaded from [`ModelSource::from_env`] on the first call (so
/// `ctxlake mcp` starts without it), or why it is unavailable. Later calls return the same.
pub fn shared() -> Result<&'static StaticModel, &'static str> {
    static SHARED: OnceLock<Result<StaticModel, String>> = OnceLock::new();
    let loaded = SHARED.get_or_init(|| {
        let source = ModelSource::from_env();
        StaticModel::load(&source).map_err(|e| {
            tracing::warn!(error = %e, ?source, "static embedding model unavailable; using the lexical hash");
            e.to_string()
        })
    });
    loaded.as_ref().map_err(String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn cosine(model: &StaticModel, a: &str, b: &str) -> f32 {
        model.embed(a).iter().zip(model.embed(b)).map(|(x, y)| x * y).sum()
    }

    #[test]
    fn the_committed_model_files_have_their_pinned_sha256() {
        for (name, expected) in MODEL_FILES {
            let bytes = std::fs::read(Path::new(COMMITTED_DIR).join(name)).expect("committed model file");
            assert_eq!(format!("{:x}", Sha256::digest(&bytes)), expected, "{name}");
        }
    }

    #[test]
    fn the_model_id_names_the_weights_it_was_built_from() {
        let suffix = STATIC_MODEL.rsplit('-').next().expect("a suffix");
        assert!(MODEL_FILES[0].1.starts_with(suffix), "{STATIC_MODEL} vs {}", MODEL_FILES[0].1);
    }

    #[test]
    fn the_embedded_model_loads_and_embeds_unit_vectors() {
        let model = StaticModel::load(&ModelSource::Embedded).expect("embedded model loads");
        let vector = model.embed("staging ssh listens on 2222");
        assert_eq!(vector.len(), STATIC_DIMENSIONS);
        let norm: f32 = vector.iter().map(|x| x * x).sum();
        assert!((norm - 1.0).abs() < 1e-4, "{norm}");
    }

    #[test]
    fn the_model_relates_paraphrases_that_share_no_word() {
        let model = StaticModel::load(&ModelSource::Embedded).expect("embedded model loads");
        let query = "when does the vector index get regenerated?";
        let target = cosine(&model, query, "The embeddings index is rebuilt nightly at 02:00 UTC by a cron job");
        let other = cosine(&model, query, "Max upload size is 50 MB; larger files are rejected with HTTP 413");
        assert!(target > other + 0.1, "{target} vs {other}");
    }

    #[test]
    fn a_folder_without_the_files_is_refused_with_its_path() {
        let dir = tempfile::tempdir().expect("temp dir");
        let err = StaticModel::load(&ModelSource::Dir(dir.path().to_path_buf())).err().expect("refused");
        assert!(err.to_string().contains("model.safetensors"), "{err}");
    }

    #[test]
    fn a_model_file_with_another_hash_is_refused() {
        let dir = tempfile::tempdir().expect("temp dir");
        for (name, _) in MODEL_FILES {
            std::fs::copy(Path::new(COMMITTED_DIR).join(name), dir.path().join(name)).expect("copy");
        }
        let mut config = std::fs::read(dir.path().join("config.json")).expect("config");
        config.push(b' ');
        std::fs::write(dir.path().join("config.json"), config).expect("write");
        let err = StaticModel::load(&ModelSource::Dir(dir.path().to_path_buf())).err().expect("refused");
        assert!(matches!(err, ModelError::Hash { name: "config.json", .. }), "{err}");
    }

    #[test]
    fn a_folder_with_the_pinned_files_loads() {
        let model = StaticModel::load(&ModelSource::Dir(PathBuf::from(COMMITTED_DIR))).expect("loads");
        assert_eq!(model.model(), STATIC_MODEL);
    }
}
