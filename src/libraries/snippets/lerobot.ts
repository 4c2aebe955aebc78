import { pyString } from "../../format/python.js";
import { shellQuote } from "../../format/shell.js";
import type { ModelData } from "../../model/schema.js";
import { hasTag, python, sh, type LibrarySnippetGenerator, loaded } from "../generator.js";

interface Policy {
  module: string;
  className: string;
  /** The pip extra the policy needs beyond the base package. */
  extra?: string;
}

/* Policy types as LeRobot writes them in a policy's config.json ("type"). */
const POLICIES: Record<string, Policy> = {
  act: { module: "lerobot.policies.act.modeling_act", className: "ACTPolicy" },
  diffusion: { module: "lerobot.policies.diffusion.modeling_diffusion", className: "DiffusionPolicy" },
  pi0: { module: "lerobot.policies.pi0.modeling_pi0", className: "PI0Policy", extra: "pi" },
  pi0fast: { module: "lerobot.policies.pi0fast.modeling_pi0fast", className: "PI0FASTPolicy", extra: "pi" },
  smolvla: { module: "lerobot.policies.smolvla.modeling_smolvla", className: "SmolVLAPolicy", extra: "smolvla" },
  tdmpc: { module: "lerobot.policies.tdmpc.modeling_tdmpc", className: "TDMPCPolicy" },
  vqbet: { module: "lerobot.policies.vqbet.modeling_vqbet", className: "VQBeTPolicy" },
};

function policyType(model: ModelData): string | undefined {
  const type = model.config?.type;
  if (typeof type === "string" && Object.hasOwn(POLICIES, type)) return type;
  return Object.keys(POLICIES).find((name) => hasTag(model, name));
}

export const lerobot: LibrarySnippetGenerator = (model) => {
  const type = policyType(model);
  const policy = type ? POLICIES[type] : undefined;
  const install = policy?.extra ? `pip install -U "lerobot[${policy.extra}]"` : "pip install -U lerobot";
  const blocks = [sh(install)];
  if (policy) {
    blocks.push(
      python(`from ${policy.module} import ${policy.className}

policy = ${policy.className}.from_pretrained(${pyString(model.id)})
policy.eval()
${loaded("policy", "call policy.select_action(observation) for the robot's next action")}`),
    );
  }
  // The command line reads the policy type from the checkpoint, so it works for every policy.
  blocks.push(
    sh(`# Fine-tune the policy on your own recorded dataset.
lerobot-train \\
    --policy.path=${shellQuote(model.id)} \\
    --dataset.repo_id="$HF_USER/my_dataset" \\
    --output_dir=outputs/train/my_policy \\
    --job_name=my_policy \\
    --policy.device=cuda`),
  );
  return blocks;
};
