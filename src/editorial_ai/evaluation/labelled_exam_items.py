"""Clean single-best-answer exam items for the labelled data, each with a short source passage.

Written for this data set (standard emergency and general medicine; no item copies the exam prompt's example).
Every item: a vignette of at least 100 characters, a one-line stem ending in '?', five options of one kind with
a reason each, exactly one correct, its answer key, and an explanation that argues for the keyed option.
"""

from __future__ import annotations

from typing import Any


def _item(slug: str, topic: str, slo: str, blooms: str, passage: str, vignette: str, stem: str,
          options: list[tuple[str, str]], key: str, explanation: str) -> dict[str, Any]:
    index = "ABCDE".index(key)
    return {
        "slug": slug, "request": {"topic": topic, "slo": slo, "blooms_level": blooms}, "passage": passage,
        "item": {"topic": topic, "vignette": vignette, "stem": stem, "answer_key": key, "explanation": explanation,
                 "options": [{"text": text, "is_correct": i == index, "explanation": why}
                             for i, (text, why) in enumerate(options)]},
    }


EXAM_ITEMS: tuple[dict[str, Any], ...] = (
    _item(
        "inferior-stemi", "Acute coronary syndrome",
        "Recognize an inferior ST-elevation myocardial infarction on the ECG", "apply",
        "ST-elevation myocardial infarction is diagnosed by new ST elevation in two contiguous leads with ischaemic "
        "symptoms. ST elevation in leads II, III and aVF localises the infarct to the inferior wall, usually from "
        "right coronary artery occlusion. Pericarditis causes diffuse ST elevation with PR depression.",
        "A 62-year-old man has had crushing central chest pain for 40 minutes, with sweating and nausea. He smokes "
        "and has type 2 diabetes. Blood pressure is 138/86 mm Hg and pulse 92/min. The ECG shows 3 mm ST elevation "
        "in leads II, III and aVF with reciprocal ST depression in leads I and aVL.",
        "Which of the following is the most likely diagnosis?",
        [("Acute pericarditis", "Gives diffuse ST elevation with PR depression, not regional change with reciprocal "
                                "depression."),
         ("Inferior ST-elevation myocardial infarction", "Regional ST elevation in II, III and aVF with reciprocal "
                                                         "depression during ischaemic pain."),
         ("Aortic dissection", "Tearing pain radiating to the back with unequal arm pulses or pressures."),
         ("Pulmonary embolism", "Pleuritic pain and hypoxia; the ECG usually shows sinus tachycardia."),
         ("Stable angina", "Exertional pain relieved by rest within minutes, without ST elevation.")],
        "B",
        "ST elevation in leads II, III and aVF with reciprocal depression in I and aVL, during ongoing ischaemic "
        "chest pain, is an inferior ST-elevation myocardial infarction, usually from right coronary artery "
        "occlusion.",
    ),
    _item(
        "anaphylaxis", "Anaphylaxis", "Choose the first-line treatment of anaphylaxis", "apply",
        "Anaphylaxis is a severe systemic allergic reaction with airway, breathing or circulation compromise. "
        "Intramuscular adrenaline 0.5 mg into the anterolateral thigh is the first-line treatment in adults and is "
        "repeated after five minutes if needed. Antihistamines and corticosteroids are adjuncts and do not treat "
        "airway obstruction or shock.",
        "A 24-year-old woman develops lip swelling, widespread hives and wheeze ten minutes after eating a satay "
        "dish containing peanuts. She is anxious and feels faint. Blood pressure is 78/44 mm Hg, pulse 128/min and "
        "respiratory rate 26/min, with audible stridor.",
        "Which of the following is the most appropriate immediate treatment?",
        [("Intravenous chlorphenamine", "An adjunct for skin symptoms; it does not reverse shock or stridor."),
         ("Oral prednisolone", "Acts over hours and cannot be swallowed safely with stridor."),
         ("Intramuscular adrenaline 0.5 mg", "Reverses airway oedema, bronchospasm and vasodilatation within "
                                             "minutes."),
         ("Nebulised salbutamol", "Treats wheeze only; it does not treat shock or laryngeal oedema."),
         ("Intravenous hydrocortisone", "Slow onset; an adjunct that does not treat the acute reaction.")],
        "C",
        "Hypotension, stridor and wheeze after eating peanuts are anaphylaxis; intramuscular adrenaline 0.5 mg "
        "into the anterolateral thigh is the first-line treatment because it reverses airway oedema, bronchospasm "
        "and vasodilatation.",
    ),
    _item(
        "tension-pneumothorax", "Tension pneumothorax", "Prioritize emergency management of tension pneumothorax",
        "apply",
        "Tension pneumothorax is a clinical diagnosis: respiratory distress, hypotension, absent breath sounds and "
        "hyperresonance on one side, distended neck veins and tracheal deviation away from the affected side. "
        "Treatment is immediate decompression with a needle or finger thoracostomy, without waiting for imaging, "
        "followed by a chest drain.",
        "A 30-year-old motorcyclist is brought in after a high-speed collision. He is agitated and breathless. "
        "Pulse is 134/min, blood pressure 82/50 mm Hg and oxygen saturation 84% on high-flow oxygen. The trachea is "
        "deviated to the left, neck veins are distended, and the right hemithorax is hyperresonant with absent "
        "breath sounds.",
        "Which of the following is the most appropriate next step?",
        [("Chest radiograph", "Delays treatment; the diagnosis is clinical and the patient is peri-arrest."),
         ("CT scan of the chest", "Unsafe to move an unstable patient to the scanner."),
         ("Pericardiocentesis", "Tamponade gives muffled heart sounds with equal breath sounds."),
         ("Needle decompression of the right chest", "Releases the tension at once and restores venous return."),
         ("Endotracheal intubation", "Positive pressure ventilation worsens a tension pneumothorax.")],
        "D",
        "Hypotension, tracheal deviation away from a hyperresonant right hemithorax with absent breath sounds and "
        "distended neck veins are a tension pneumothorax; needle decompression of the right chest comes at once, "
        "before any imaging.",
    ),
    _item(
        "hypothyroidism", "Primary hypothyroidism",
        "Interpret thyroid function tests and start treatment of primary hypothyroidism", "apply",
        "In primary hypothyroidism the thyroid fails, so TSH rises while free T4 falls. Hashimoto thyroiditis, with "
        "anti-thyroid peroxidase antibodies, is the commonest cause where iodine intake is adequate. Treatment is "
        "daily oral levothyroxine, titrated to the TSH.",
        "A 48-year-old woman reports eight months of tiredness, weight gain of 6 kg, constipation and feeling "
        "cold. Her skin is dry and her ankle reflexes relax slowly. TSH is 28 mU/L (reference 0.4-4.0), free T4 "
        "is low, and anti-thyroid peroxidase antibodies are strongly positive.",
        "Which of the following is the most appropriate treatment?",
        [("Levothyroxine", "Replaces the thyroid hormone the failing gland no longer makes."),
         ("Carbimazole", "Blocks hormone synthesis; it treats hyperthyroidism."),
         ("Radioactive iodine", "Ablates an overactive gland; this gland is underactive."),
         ("Propranolol", "Controls the adrenergic symptoms of thyrotoxicosis."),
         ("Hydrocortisone", "Treats adrenal insufficiency, which these results do not show.")],
        "A",
        "A raised TSH with a low free T4 and positive anti-thyroid peroxidase antibodies is primary "
        "hypothyroidism from Hashimoto thyroiditis; daily oral levothyroxine replaces the missing hormone and is "
        "titrated to the TSH.",
    ),
    _item(
        "iron-deficiency", "Iron deficiency anaemia", "Distinguish the causes of microcytic anaemia from iron studies",
        "analyze",
        "Microcytic anaemia has three common causes: iron deficiency, thalassaemia trait and anaemia of chronic "
        "disease. Iron deficiency gives a low ferritin, a raised total iron-binding capacity and a raised red cell "
        "distribution width. Thalassaemia trait gives a normal ferritin. Anaemia of chronic disease gives a normal "
        "or high ferritin with a low total iron-binding capacity.",
        "A 34-year-old woman has become tired and breathless on stairs over three months. Her periods are heavy "
        "and last eight days. She looks pale. Haemoglobin is 92 g/L, mean cell volume 71 fL, ferritin 6 "
        "micrograms/L (reference 15-150), total iron-binding capacity is raised and the red cell distribution "
        "width is high.",
        "Which of the following is the most likely diagnosis?",
        [("Beta-thalassaemia trait", "Ferritin and red cell distribution width would be normal."),
         ("Anaemia of chronic disease", "Ferritin would be normal or high with a low iron-binding capacity."),
         ("Vitamin B12 deficiency", "Causes a macrocytic, not a microcytic, anaemia."),
         ("Iron deficiency anaemia", "Low ferritin with raised iron-binding capacity and heavy menstrual loss."),
         ("Sideroblastic anaemia", "Ferritin is raised, with ring sideroblasts in the marrow.")],
        "D",
        "Microcytosis with a very low ferritin, a raised total iron-binding capacity and a high red cell "
        "distribution width in a woman with heavy periods is iron deficiency anaemia from menstrual blood loss.",
    ),
    _item(
        "appendicitis", "Acute appendicitis", "Recognize the clinical presentation of acute appendicitis",
        "understand",
        "Acute appendicitis classically starts as periumbilical pain that moves to the right iliac fossa within a "
        "day, with anorexia, nausea, low-grade fever and tenderness at McBurney's point. Rebound tenderness and "
        "guarding suggest peritoneal irritation, and a raised white cell count supports the diagnosis.",
        "A 19-year-old man has had abdominal pain for 18 hours. It began around the umbilicus and has moved to "
        "the right lower abdomen; he has lost his appetite and vomited once. Temperature is 38.0 °C. There is "
        "guarding and rebound tenderness at McBurney's point. The white cell count is 14.5 x 10^9/L and "
        "urinalysis is normal.",
        "Which of the following is the most likely diagnosis?",
        [("Acute appendicitis", "Migrating periumbilical pain, anorexia, fever and peritonism at McBurney's point."),
         ("Right ureteric colic", "Colicky loin-to-groin pain with blood in the urine; urinalysis is normal."),
         ("Mesenteric adenitis", "Follows a viral illness, usually without guarding or rebound."),
         ("Crohn's disease", "Weeks of diarrhoea and weight loss rather than hours of pain."),
         ("Acute cholecystitis", "Right upper quadrant pain with a positive Murphy's sign.")],
        "A",
        "Periumbilical pain that moves to the right iliac fossa, with anorexia, fever, guarding at McBurney's "
        "point and a raised white cell count, is acute appendicitis.",
    ),
    _item(
        "meningitis", "Bacterial meningitis", "Prioritize empirical treatment in suspected bacterial meningitis",
        "apply",
        "Suspected bacterial meningitis is an emergency. Blood cultures are taken and empirical intravenous "
        "ceftriaxone is given at once; treatment must not wait for a lumbar puncture or a CT scan. A non-blanching "
        "petechial rash suggests meningococcal disease.",
        "An 18-year-old university student has had fever, severe headache and vomiting for 12 hours. Light hurts "
        "her eyes and her neck is stiff. Temperature is 39.4 °C, pulse 122/min and blood pressure 100/62 mm Hg. A "
        "non-blanching petechial rash is spreading over her legs. She is alert with no focal neurological signs.",
        "Which of the following is the most appropriate immediate step after blood cultures?",
        [("CT scan of the head before any treatment", "Delays antibiotics; she has no focal signs."),
         ("Intravenous ceftriaxone", "Covers meningococcus and pneumococcus and must not be delayed."),
         ("Lumbar puncture, then treatment once the result is known", "Waiting for the result delays treatment."),
         ("Oral amoxicillin", "The wrong route and spectrum for a septic patient."),
         ("Intravenous aciclovir alone", "Treats viral encephalitis and leaves the bacteria untreated.")],
        "B",
        "Fever, neck stiffness, photophobia and a non-blanching petechial rash are meningococcal meningitis until "
        "proven otherwise; intravenous ceftriaxone is given immediately after blood cultures, without waiting for "
        "imaging or a lumbar puncture.",
    ),
    _item(
        "hyperkalaemia", "Hyperkalaemia", "Prioritize the treatment of hyperkalaemia with ECG changes", "apply",
        "Severe hyperkalaemia with ECG changes (peaked T waves, a widened QRS, loss of P waves) needs intravenous "
        "calcium gluconate first, to stabilise the myocardium within minutes. Insulin with glucose and nebulised "
        "salbutamol then shift potassium into cells, and potassium is removed by binders or dialysis.",
        "A 67-year-old man with stage 4 chronic kidney disease feels weak. He takes ramipril and spironolactone. "
        "Pulse is 48/min and blood pressure 124/70 mm Hg. Serum potassium is 7.4 mmol/L. The ECG shows tall peaked "
        "T waves, flattened P waves and a QRS duration of 140 ms.",
        "Which of the following should be given first?",
        [("Intravenous insulin with glucose", "Lowers potassium but does not protect the heart first."),
         ("Intravenous calcium gluconate", "Stabilises the myocardium within minutes."),
         ("Oral sodium zirconium cyclosilicate", "Removes potassium over hours; too slow as the first step."),
         ("Intravenous furosemide", "Slow and unreliable with stage 4 kidney disease."),
         ("Intravenous sodium bicarbonate", "A weak effect on potassium; not the first step.")],
        "B",
        "A potassium of 7.4 mmol/L with peaked T waves and a widened QRS threatens cardiac arrest; intravenous "
        "calcium gluconate is given first because it stabilises the myocardium within minutes, before treatments "
        "that lower potassium.",
    ),
    _item(
        "opioid-toxicity", "Opioid toxicity", "Recognize opioid toxicity and choose its antidote", "apply",
        "Opioid toxicity causes reduced consciousness, respiratory depression and pinpoint pupils. Naloxone, an "
        "opioid receptor antagonist, reverses it; it is given in small repeated doses because its action is "
        "shorter than that of many opioids. Flumazenil reverses benzodiazepines, not opioids.",
        "A 27-year-old man is found unresponsive in a public toilet with a syringe beside him. Respiratory rate is "
        "5/min, oxygen saturation 82% on air, pulse 58/min and blood pressure 104/68 mm Hg. His pupils are "
        "pinpoint. Capillary glucose is 6.1 mmol/L.",
        "Which of the following is the most appropriate drug to give?",
        [("Flumazenil", "Reverses benzodiazepines and can provoke seizures."),
         ("Acetylcysteine", "The antidote to paracetamol poisoning."),
         ("Atropine", "Treats organophosphate poisoning and bradycardia."),
         ("Activated charcoal", "Unsafe with a reduced conscious level and useless after injection."),
         ("Naloxone", "An opioid receptor antagonist that reverses respiratory depression.")],
        "E",
        "Unresponsiveness with a respiratory rate of 5/min and pinpoint pupils after injecting is opioid toxicity; "
        "naloxone, an opioid receptor antagonist, reverses the respiratory depression and is repeated as needed.",
    ),
    _item(
        "pulmonary-embolism", "Pulmonary embolism", "Select the diagnostic test for suspected pulmonary embolism",
        "apply",
        "When pulmonary embolism is likely (a Wells score above 4), CT pulmonary angiography is the diagnostic test "
        "of choice. A D-dimer is used only to exclude pulmonary embolism when the clinical probability is low. "
        "Ventilation-perfusion scanning is an alternative when contrast is contraindicated.",
        "A 56-year-old woman develops sudden pleuritic chest pain and breathlessness four days after a hip "
        "replacement. Her left calf is swollen and tender. Pulse is 112/min, respiratory rate 24/min, blood "
        "pressure 128/80 mm Hg and oxygen saturation 91% on air. Her Wells score is 7.5 and her kidney function is "
        "normal.",
        "Which of the following is the most appropriate investigation to confirm the diagnosis?",
        [("D-dimer", "Only excludes pulmonary embolism when the probability is low; it cannot confirm it."),
         ("CT pulmonary angiography", "Shows the clot directly; the test of choice when embolism is likely."),
         ("Chest radiograph", "Often normal in pulmonary embolism and cannot confirm it."),
         ("Echocardiography", "May show right heart strain but does not confirm the diagnosis."),
         ("Serum troponin", "A marker of myocardial strain, not a diagnostic test for embolism.")],
        "B",
        "After a hip replacement, a swollen calf with pleuritic pain, tachycardia and hypoxia give a Wells score "
        "of 7.5, so pulmonary embolism is likely and CT pulmonary angiography is the test that confirms it.",
    ),
)
