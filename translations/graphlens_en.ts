<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ConvertedCode</name>
    <message>
        <location filename="../app/gui/converted_code.cpp" line="51"/>
        <source>the script does not parse (%1)</source>
        <translation>the script does not parse (%1)</translation>
    </message>
    <message>
        <location filename="../app/gui/converted_code.cpp" line="56"/>
        <source>no function at line %1</source>
        <translation>no function at line %1</translation>
    </message>
    <message>
        <location filename="../app/gui/converted_code.cpp" line="62"/>
        <source>%1 cannot be converted: %2: %3</source>
        <translation>%1 cannot be converted: %2: %3</translation>
    </message>
</context>
<context>
    <name>GraphStyle</name>
    <message>
        <location filename="../views/graph_style.cpp" line="88"/>
        <source>constant</source>
        <translation>constant</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="90"/>
        <source>variable</source>
        <translation>variable</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="92"/>
        <source>math</source>
        <translation>math</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="94"/>
        <source>neural network</source>
        <translation>neural network</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="96"/>
        <source>array</source>
        <translation>array</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="98"/>
        <source>control flow</source>
        <translation>control flow</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="100"/>
        <source>function call</source>
        <translation>function call</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="102"/>
        <source>input/output</source>
        <translation>input/output</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="104"/>
        <source>training</source>
        <translation>training</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="106"/>
        <source>summary/debug</source>
        <translation>summary/debug</translation>
    </message>
    <message>
        <location filename="../views/graph_style.cpp" line="110"/>
        <source>other</source>
        <translation>other</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/graph_style.cpp" line="116"/>
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/graph_style.cpp" line="122"/>
        <source>%n scope(s)</source>
        <translation>
            <numerusform>%n scope</numerusform>
            <numerusform>%n scopes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/graph_canvas.cpp" line="321"/>
        <source>%n tensors</source>
        <translation>
            <numerusform>%n tensor</numerusform>
            <numerusform>%n tensors</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>JobRunner</name>
    <message>
        <location filename="../views/job_runner.h" line="112"/>
        <source>Cancelled</source>
        <translation>Cancelled</translation>
    </message>
    <message>
        <location filename="../views/job_runner.h" line="122"/>
        <source>Unknown error</source>
        <translation>Unknown error</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../views/graph_export.cpp" line="31"/>
        <location filename="../views/graph_export.cpp" line="48"/>
        <source>There is nothing to export.</source>
        <translation>There is nothing to export.</translation>
    </message>
    <message>
        <location filename="../views/graph_export.cpp" line="39"/>
        <location filename="../views/graph_export.cpp" line="43"/>
        <location filename="../views/graph_export.cpp" line="63"/>
        <location filename="../views/graph_export.cpp" line="105"/>
        <location filename="../views/graph_export.cpp" line="108"/>
        <source>Cannot write %1.</source>
        <translation>Cannot write %1.</translation>
    </message>
    <message>
        <location filename="../views/graph_export.cpp" line="56"/>
        <source>Not enough memory for a %1×%2 image.</source>
        <translation>Not enough memory for a %1×%2 image.</translation>
    </message>
</context>
<context>
    <name>graphlens::app::MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="71"/>
        <source>GraphLens</source>
        <translation>GraphLens</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="84"/>
        <source>Graph</source>
        <translation>Graph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="113"/>
        <source>Open a TensorFlow model: File ▸ Open, or drop a file or folder on the window.</source>
        <translation>Open a TensorFlow model: File ▸ Open, or drop a file or folder on the window.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="167"/>
        <source>Layout failed: %1</source>
        <translation>Layout failed: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="131"/>
        <source>The script finished.</source>
        <translation>The script finished.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="131"/>
        <source>The script stopped with an error or was stopped.</source>
        <translation>The script stopped with an error or was stopped.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="134"/>
        <source>Loading %1: %2 (%3%)</source>
        <translation>Loading %1: %2 (%3%)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="194"/>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="196"/>
        <source>Inspector</source>
        <translation>Inspector</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="197"/>
        <source>Search</source>
        <translation>Search</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="218"/>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="219"/>
        <source>Retrace log</source>
        <translation>Retrace log</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="220"/>
        <source>Output</source>
        <translation>Output</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="245"/>
        <source>Opened %1. Run it with F5.</source>
        <translation>Opened %1. Run it with F5.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="250"/>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="251"/>
        <source>&amp;Open…</source>
        <translation>&amp;Open…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="253"/>
        <source>Open a TensorFlow model</source>
        <translation>Open a TensorFlow model</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="254"/>
        <source>TensorFlow files (*.pb *.pbtxt *.meta *.index *tfevents* saved_model.pb);;All files (*)</source>
        <translation>TensorFlow files (*.pb *.pbtxt *.meta *.index *tfevents* saved_model.pb);;All files (*)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="257"/>
        <source>Open &amp;Folder…</source>
        <translation>Open &amp;Folder…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="258"/>
        <source>Open a SavedModel folder</source>
        <translation>Open a SavedModel folder</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="261"/>
        <source>Open S&amp;cript…</source>
        <translation>Open S&amp;cript…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="262"/>
        <source>Open a Python script</source>
        <translation>Open a Python script</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="263"/>
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Python scripts (*.py);;All files (*)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="267"/>
        <source>Open &amp;Recent</source>
        <translation>Open &amp;Recent</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="270"/>
        <source>&amp;Export View…</source>
        <translation>&amp;Export View…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="271"/>
        <source>Export &amp;Whole Graph…</source>
        <translation>Export &amp;Whole Graph…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="274"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="278"/>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="279"/>
        <source>&amp;Fit to Window</source>
        <translation>&amp;Fit to Window</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="281"/>
        <source>Zoom &amp;In</source>
        <translation>Zoom &amp;In</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="282"/>
        <source>Zoom &amp;Out</source>
        <translation>Zoom &amp;Out</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="283"/>
        <source>Actual &amp;Size</source>
        <translation>Actual &amp;Size</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="286"/>
        <source>&amp;Minimap</source>
        <translation>&amp;Minimap</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="294"/>
        <source>&amp;Collapse All</source>
        <translation>&amp;Collapse All</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="295"/>
        <source>&amp;Back to Main Graph</source>
        <translation>&amp;Back to Main Graph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="297"/>
        <source>Fi&amp;nd Node…</source>
        <translation>Fi&amp;nd Node…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="302"/>
        <source>&amp;Panels</source>
        <translation>&amp;Panels</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="305"/>
        <source>Main</source>
        <translation>Main</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="310"/>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="313"/>
        <source>Main graph</source>
        <translation>Main graph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="315"/>
        <source>Fit</source>
        <translation>Fit</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="316"/>
        <source>Zoom +</source>
        <translation>Zoom +</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="317"/>
        <source>Zoom −</source>
        <translation>Zoom −</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="318"/>
        <source>Collapse all</source>
        <translation>Collapse all</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="321"/>
        <source>Find</source>
        <translation>Find</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="326"/>
        <source>&amp;Run</source>
        <translation>&amp;Run</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="330"/>
        <source>&amp;Optimize Graph…</source>
        <translation>&amp;Optimize Graph…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="334"/>
        <source>Run grappler&apos;s passes on the graph shown and compare it before and after each pass</source>
        <translation>Run grappler&apos;s passes on the graph shown and compare it before and after each pass</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="352"/>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="353"/>
        <source>&amp;About GraphLens</source>
        <translation>&amp;About GraphLens</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="354"/>
        <source>About &amp;Qt</source>
        <translation>About &amp;Qt</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="363"/>
        <source>The graph of this trace is no longer kept (only the most recent ones are).</source>
        <translation>The graph of this trace is no longer kept (only the most recent ones are).</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="382"/>
        <source>%1%2 · trace #%3</source>
        <translation>%1%2 · trace #%3</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="395"/>
        <source>Open a model or a traced graph first: the passes run on the graph shown.</source>
        <translation>Open a model or a traced graph first: the passes run on the graph shown.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="403"/>
        <source>Optimization failed: %1</source>
        <translation>Optimization failed: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="408"/>
        <source>Optimized %1: %2 passes in %3 ms</source>
        <translation>Optimized %1: %2 passes in %3 ms</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/main_window.cpp" line="414"/>
        <source>profiled: %1 ms of kernel time per run over %n runs</source>
        <translation>
            <numerusform>profiled: %1 ms of kernel time per run over %n run</numerusform>
            <numerusform>profiled: %1 ms of kernel time per run over %n runs</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="419"/>
        <source>Before / after · %1</source>
        <translation>Before / after · %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="437"/>
        <source>Loading %1…</source>
        <translation>Loading %1…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="439"/>
        <source>Loading %1</source>
        <translation>Loading %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="444"/>
        <source>Loaded %1</source>
        <translation>Loaded %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="449"/>
        <source>Loading %1 cancelled</source>
        <translation>Loading %1 cancelled</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="507"/>
        <source>%1 — GraphLens</source>
        <translation>%1 — GraphLens</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="518"/>
        <source> · %1 nodes · %2 functions · %3 signatures · %4 variables</source>
        <translation> · %1 nodes · %2 functions · %3 signatures · %4 variables</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="530"/>
        <source>Cannot open %1</source>
        <translation>Cannot open %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="556"/>
        <source>(none)</source>
        <translation>(none)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="559"/>
        <source>Clear List</source>
        <translation>Clear List</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="569"/>
        <source>Nothing to export yet.</source>
        <translation>Nothing to export yet.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="574"/>
        <source>Export the whole graph</source>
        <translation>Export the whole graph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="574"/>
        <source>Export the view</source>
        <translation>Export the view</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="575"/>
        <source>SVG image (*.svg);;PNG image (*.png);;Graphviz DOT (*.dot)</source>
        <translation>SVG image (*.svg);;PNG image (*.png);;Graphviz DOT (*.dot)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="587"/>
        <source>Exporting the whole graph</source>
        <translation>Exporting the whole graph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="593"/>
        <location filename="../app/gui/main_window.cpp" line="610"/>
        <source>Exported %1</source>
        <translation>Exported %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="594"/>
        <location filename="../app/gui/main_window.cpp" line="598"/>
        <location filename="../app/gui/main_window.cpp" line="611"/>
        <source>Export failed</source>
        <translation>Export failed</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="599"/>
        <source>Cancelled</source>
        <translation>Cancelled</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="649"/>
        <source>About GraphLens</source>
        <translation>About GraphLens</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="650"/>
        <source>&lt;h3&gt;GraphLens %1&lt;/h3&gt;&lt;p&gt;A native inspector for TensorFlow models: SavedModels, GraphDefs, meta graphs, checkpoints and event files.&lt;/p&gt;&lt;p&gt;Name scopes and function calls expand in place; layout runs in the background and is cached per group.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;GraphLens %1&lt;/h3&gt;&lt;p&gt;A native inspector for TensorFlow models: SavedModels, GraphDefs, meta graphs, checkpoints and event files.&lt;/p&gt;&lt;p&gt;Name scopes and function calls expand in place; layout runs in the background and is cached per group.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>graphlens::app::ScriptSession</name>
    <message>
        <location filename="../app/gui/script_session.cpp" line="40"/>
        <source>What the script prints appears here. Run it with F5.</source>
        <translation>What the script prints appears here. Run it with F5.</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="47"/>
        <source>Restore unsaved edits?</source>
        <translation>Restore unsaved edits?</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="48"/>
        <source>%1 has unsaved edits from an earlier session.</source>
        <translation>%1 has unsaved edits from an earlier session.</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="50"/>
        <source>Restore them from %1?</source>
        <translation>Restore them from %1?</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="77"/>
        <source>Cannot open %1</source>
        <translation>Cannot open %1</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="89"/>
        <source>Unsaved script</source>
        <translation>Unsaved script</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="89"/>
        <source>Save the changes to %1?</source>
        <translation>Save the changes to %1?</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="107"/>
        <source>Running %1</source>
        <translation>Running %1</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="117"/>
        <source>
Stopped.
</source>
        <translation>
Stopped.
</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="117"/>
        <source>
The script could not run: %1
</source>
        <translation>
The script could not run: %1
</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="145"/>
        <source>
Finished in %1 s.
</source>
        <translation>
Finished in %1 s.
</translation>
    </message>
    <message>
        <location filename="../app/gui/script_session.cpp" line="146"/>
        <source>
Exited with status %1 after %2 s.
</source>
        <translation>
Exited with status %1 after %2 s.
</translation>
    </message>
</context>
<context>
    <name>graphlens::app::WarningBar</name>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="21"/>
        <source>Details…</source>
        <translation>Details…</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="26"/>
        <source>Dismiss</source>
        <translation>Dismiss</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="35"/>
        <source>Warnings</source>
        <translation>Warnings</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="52"/>
        <source>%1 was read in part: %2</source>
        <translation>%1 was read in part: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="53"/>
        <source>%1 was read in part (%2 warnings): %3</source>
        <translation>%1 was read in part (%2 warnings): %3</translation>
    </message>
</context>
<context>
    <name>graphlens::views::AttributeModel</name>
    <message>
        <location filename="../views/attribute_model.cpp" line="92"/>
        <source>Open function %1</source>
        <translation>Open function %1</translation>
    </message>
    <message>
        <location filename="../views/attribute_model.cpp" line="114"/>
        <source>Attribute</source>
        <translation>Attribute</translation>
    </message>
    <message>
        <location filename="../views/attribute_model.cpp" line="114"/>
        <source>Value</source>
        <translation>Value</translation>
    </message>
</context>
<context>
    <name>graphlens::views::CodeView</name>
    <message>
        <location filename="../views/code_view.cpp" line="56"/>
        <source>The AutoGraph-converted code of the function under the cursor appears here.</source>
        <translation>The AutoGraph-converted code of the function under the cursor appears here.</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="58"/>
        <source>&amp;Run</source>
        <translation>&amp;Run</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="60"/>
        <source>Run the script (F5)</source>
        <translation>Run the script (F5)</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="61"/>
        <source>&amp;Stop</source>
        <translation>&amp;Stop</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="63"/>
        <source>Stop the running script (Shift+F5)</source>
        <translation>Stop the running script (Shift+F5)</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="64"/>
        <source>&amp;Save Script</source>
        <translation>&amp;Save Script</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="123"/>
        <source>AutoGraph</source>
        <translation>AutoGraph</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="198"/>
        <source>Save the script</source>
        <translation>Save the script</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="199"/>
        <source>Python scripts (*.py)</source>
        <translation>Python scripts (*.py)</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="257"/>
        <source>Converting</source>
        <translation>Converting</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="279"/>
        <source>AutoGraph: %1</source>
        <translation>AutoGraph: %1</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="280"/>
        <source>AutoGraph: no function at the cursor</source>
        <translation>AutoGraph: no function at the cursor</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="283"/>
        <source>AutoGraph: &lt;b&gt;%1&lt;/b&gt; as converted</source>
        <translation>AutoGraph: &lt;b&gt;%1&lt;/b&gt; as converted</translation>
    </message>
    <message>
        <location filename="../views/code_view.cpp" line="333"/>
        <source>untitled</source>
        <translation>untitled</translation>
    </message>
</context>
<context>
    <name>graphlens::views::FusionMissModel</name>
    <message>
        <location filename="../views/pass_models.cpp" line="248"/>
        <source>%1 did not fuse (%2): %3
Nodes: %4</source>
        <translation>%1 did not fuse (%2): %3
Nodes: %4</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="252"/>
        <source>Estimated cost: %1 ms per run, the kernel time of the nodes the fusion would have folded in</source>
        <translation>Estimated cost: %1 ms per run, the kernel time of the nodes the fusion would have folded in</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="256"/>
        <source>Not profiled (renamed or removed by a later pass, or not run): %1</source>
        <translation>Not profiled (renamed or removed by a later pass, or not run): %1</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="265"/>
        <source>An estimate, once the optimised graph has been profiled: the kernel time per run of the nodes the fusion would have folded in (empty when not profiled or unknown)</source>
        <translation>An estimate, once the optimised graph has been profiled: the kernel time per run of the nodes the fusion would have folded in (empty when not profiled or unknown)</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="270"/>
        <source>Pattern</source>
        <translation>Pattern</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="272"/>
        <source>Cost (ms/run)</source>
        <translation>Cost (ms/run)</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="274"/>
        <source>Nodes</source>
        <translation>Nodes</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="276"/>
        <source>Condition</source>
        <translation>Condition</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="278"/>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
</context>
<context>
    <name>graphlens::views::GraphPanel</name>
    <message>
        <location filename="../views/graph_panel.cpp" line="35"/>
        <source>Signature:</source>
        <translation>Signature:</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="38"/>
        <source>Show only what a SignatureDef&apos;s outputs depend on</source>
        <translation>Show only what a SignatureDef&apos;s outputs depend on</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="67"/>
        <source>%1 items · %2 edges</source>
        <translation>%1 items · %2 edges</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="69"/>
        <source> · %1 nodes outside the signature hidden</source>
        <translation> · %1 nodes outside the signature hidden</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="82"/>
        <source>(whole graph)</source>
        <translation>(whole graph)</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="103"/>
        <source>No model</source>
        <translation>No model</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="117"/>
        <source>Main graph</source>
        <translation>Main graph</translation>
    </message>
</context>
<context>
    <name>graphlens::views::GraphView</name>
    <message>
        <location filename="../views/graph_view.cpp" line="64"/>
        <location filename="../views/graph_view.cpp" line="103"/>
        <source>Open a TensorFlow model: File ▸ Open, or drop a file or folder here.</source>
        <translation>Open a TensorFlow model: File ▸ Open, or drop a file or folder here.</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="68"/>
        <source>Laying out… %1% (%2)</source>
        <translation>Laying out… %1% (%2)</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="102"/>
        <source>This file holds no graph.</source>
        <translation>This file holds no graph.</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="254"/>
        <source>Laying out the graph</source>
        <translation>Laying out the graph</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="587"/>
        <source>Collapse</source>
        <translation>Collapse</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="587"/>
        <source>Expand in place</source>
        <translation>Expand in place</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="589"/>
        <source>Cannot expand: %1</source>
        <translation>Cannot expand: %1</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="594"/>
        <source>Open function %1</source>
        <translation>Open function %1</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="599"/>
        <source>Copy name</source>
        <translation>Copy name</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="603"/>
        <source>Fit to window</source>
        <translation>Fit to window</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="604"/>
        <source>Collapse all</source>
        <translation>Collapse all</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="605"/>
        <source>Back to the main graph</source>
        <translation>Back to the main graph</translation>
    </message>
</context>
<context>
    <name>graphlens::views::JobProgressWidget</name>
    <message>
        <location filename="../views/job_progress_widget.cpp" line="21"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
</context>
<context>
    <name>graphlens::views::JobRunner</name>
    <message>
        <location filename="../views/job_runner.cpp" line="79"/>
        <source>GraphLens could not read this file.</source>
        <translation>GraphLens could not read this file.</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="83"/>
        <source>The file is truncated: it ends before what it declares.</source>
        <translation>The file is truncated: it ends before what it declares.</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="86"/>
        <source>The file is damaged: its contents do not parse.</source>
        <translation>The file is damaged: its contents do not parse.</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="89"/>
        <source>This is not a file GraphLens reads (a SavedModel, GraphDef, MetaGraphDef, event file, checkpoint or Keras file).</source>
        <translation>This is not a file GraphLens reads (a SavedModel, GraphDef, MetaGraphDef, event file, checkpoint or Keras file).</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="93"/>
        <source>No such file or folder.</source>
        <translation>No such file or folder.</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="96"/>
        <source>The file cannot be opened or read.</source>
        <translation>The file cannot be opened or read.</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="99"/>
        <source>This variant of the format is not supported yet.</source>
        <translation>This variant of the format is not supported yet.</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="103"/>
        <source>File: %1</source>
        <translation>File: %1</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="104"/>
        <source>Where: %1</source>
        <translation>Where: %1</translation>
    </message>
    <message>
        <location filename="../views/job_runner.cpp" line="105"/>
        <source>Reader&apos;s message: %1</source>
        <translation>Reader&apos;s message: %1</translation>
    </message>
</context>
<context>
    <name>graphlens::views::Minimap</name>
    <message>
        <location filename="../views/minimap.cpp" line="18"/>
        <source>Overview: click or drag to move the view</source>
        <translation>Overview: click or drag to move the view</translation>
    </message>
</context>
<context>
    <name>graphlens::views::ModelBrowserModel</name>
    <message>
        <location filename="../views/model_browser_model.cpp" line="33"/>
        <source>%1 bytes</source>
        <translation>%1 bytes</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="69"/>
        <source>Meta graph %1</source>
        <translation>Meta graph %1</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="70"/>
        <source>no tags</source>
        <translation>no tags</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="71"/>
        <location filename="../views/model_browser_model.cpp" line="145"/>
        <source>%1 nodes</source>
        <translation>%1 nodes</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="80"/>
        <source>Checkpoint</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="81"/>
        <source>%1 tensors</source>
        <translation>%1 tensors</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="107"/>
        <source>Signatures</source>
        <translation>Signatures</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="114"/>
        <source>%1 in, %2 out</source>
        <translation>%1 in, %2 out</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="116"/>
        <source>Double-click to show only what this signature computes</source>
        <translation>Double-click to show only what this signature computes</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="135"/>
        <source>Functions</source>
        <translation>Functions</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="142"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="148"/>
        <source>%1 call sites in the graph, %2 callers, nesting depth %3%4</source>
        <translation>%1 call sites in the graph, %2 callers, nesting depth %3%4</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="152"/>
        <source>, recursive</source>
        <translation>, recursive</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="156"/>
        <source>Variables</source>
        <translation>Variables</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="169"/>
        <source>trainable</source>
        <translation>trainable</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="169"/>
        <source>not trainable</source>
        <translation>not trainable</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="170"/>
        <source>; checkpoint key %1</source>
        <translation>; checkpoint key %1</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="176"/>
        <source>Assets</source>
        <translation>Assets</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="183"/>
        <source>missing</source>
        <translation>missing</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="263"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="265"/>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="267"/>
        <source>Size</source>
        <translation>Size</translation>
    </message>
</context>
<context>
    <name>graphlens::views::NodeInspector</name>
    <message>
        <location filename="../views/node_inspector.cpp" line="95"/>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="95"/>
        <source>Node</source>
        <translation>Node</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="95"/>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="95"/>
        <source>Shape</source>
        <translation>Shape</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="139"/>
        <source>&lt;span style=&apos;color:#606f7a&apos;&gt;Select a node in the graph to inspect it.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#606f7a&apos;&gt;Select a node in the graph to inspect it.&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="161"/>
        <source>Series</source>
        <translation>Series</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="161"/>
        <source>Name scope</source>
        <translation>Name scope</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="162"/>
        <source>Function body</source>
        <translation>Function body</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="182"/>
        <source>main graph</source>
        <translation>main graph</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="183"/>
        <source>function %1</source>
        <translation>function %1</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="191"/>
        <source>in %1</source>
        <translation>in %1</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="192"/>
        <source> · device %1</source>
        <translation> · device %1</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="195"/>
        <source>Calls:</source>
        <translation>Calls:</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="211"/>
        <source>Inputs (%1)</source>
        <translation>Inputs (%1)</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="221"/>
        <source> (missing)</source>
        <translation> (missing)</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="222"/>
        <source>(missing)</source>
        <translation>(missing)</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="235"/>
        <source>^control</source>
        <translation>^control</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="249"/>
        <source>Outputs (%1)</source>
        <translation>Outputs (%1)</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="258"/>
        <source>(unused)</source>
        <translation>(unused)</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="259"/>
        <source> +%1 more</source>
        <translation> +%1 more</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="290"/>
        <source>values not available</source>
        <translation>values not available</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="296"/>
        <source> · min %1 · max %2</source>
        <translation> · min %1 · max %2</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="307"/>
        <source>Value: %1 %2</source>
        <translation>Value: %1 %2</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="309"/>
        <source>Reading the value…</source>
        <translation>Reading the value…</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="312"/>
        <source>Reading a constant</source>
        <translation>Reading a constant</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="319"/>
        <source>Cannot read the value: %1</source>
        <translation>Cannot read the value: %1</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="326"/>
        <source>Variable %1: %2, %3</source>
        <translation>Variable %1: %2, %3</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="329"/>
        <source> — no checkpoint with this variable was loaded</source>
        <translation> — no checkpoint with this variable was loaded</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="332"/>
        <source>Reading %1 from the checkpoint…</source>
        <translation>Reading %1 from the checkpoint…</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="335"/>
        <source>Reading a variable</source>
        <translation>Reading a variable</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="341"/>
        <source>Cannot read the variable: %1</source>
        <translation>Cannot read the variable: %1</translation>
    </message>
</context>
<context>
    <name>graphlens::views::PassChangesModel</name>
    <message>
        <location filename="../views/pass_models.cpp" line="345"/>
        <source>Change</source>
        <translation>Change</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="347"/>
        <source>Node</source>
        <translation>Node</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="349"/>
        <source>Op</source>
        <translation>Op</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="351"/>
        <source>From</source>
        <translation>From</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="353"/>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
</context>
<context>
    <name>graphlens::views::PassStripModel</name>
    <message>
        <location filename="../views/pass_models.cpp" line="110"/>
        <source>before the passes</source>
        <translation>before the passes</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/pass_models.cpp" line="143"/>
        <source>The graph as given to the passes: %n nodes</source>
        <translation>
            <numerusform>The graph as given to the passes: %n node</numerusform>
            <numerusform>The graph as given to the passes: %n nodes</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="144"/>
        <source>%1, iteration %2: %3 → %4 nodes in %5 ms</source>
        <translation>%1, iteration %2: %3 → %4 nodes in %5 ms</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="150"/>
        <source>The graph did not change.</source>
        <translation>The graph did not change.</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="162"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="164"/>
        <source>Iter.</source>
        <translation>Iter.</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="166"/>
        <source>Pass</source>
        <translation>Pass</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="168"/>
        <source>Nodes</source>
        <translation>Nodes</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="170"/>
        <source>Added</source>
        <translation>Added</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="172"/>
        <source>Removed</source>
        <translation>Removed</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="174"/>
        <source>Rewritten</source>
        <translation>Rewritten</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="176"/>
        <source>Fused</source>
        <translation>Fused</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="178"/>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="184"/>
        <source>grappler runs the passes twice; layout and memory only in the first iteration</source>
        <translation>grappler runs the passes twice; layout and memory only in the first iteration</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="394"/>
        <source>iteration %1</source>
        <translation>iteration %1</translation>
    </message>
    <message>
        <location filename="../views/pass_models.cpp" line="395"/>
        <source>iterations %1–%2</source>
        <translation>iterations %1–%2</translation>
    </message>
</context>
<context>
    <name>graphlens::views::PassView</name>
    <message>
        <location filename="../views/pass_view.cpp" line="80"/>
        <source>Sync viewports</source>
        <translation>Sync viewports</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="120"/>
        <source>Previous pass ([)</source>
        <translation>Previous pass ([)</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="122"/>
        <source>Next pass (])</source>
        <translation>Next pass (])</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="125"/>
        <source>Compare with the graph before the passes</source>
        <translation>Compare with the graph before the passes</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="126"/>
        <source>Compare with the graph before this pass</source>
        <translation>Compare with the graph before this pass</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="131"/>
        <source>Pan and zoom one graph, the other follows (nodes matched by name)</source>
        <translation>Pan and zoom one graph, the other follows (nodes matched by name)</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="133"/>
        <source>Profile runs:</source>
        <translation>Profile runs:</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="136"/>
        <source>off</source>
        <translation>off</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="137"/>
        <source>After the passes, run the optimised graph this many times (after one warm-up run) with pseudo-random inputs and give each fusion miss its estimated cost; 0 = off</source>
        <translation>After the passes, run the optimised graph this many times (after one warm-up run) with pseudo-random inputs and give each fusion miss its estimated cost; 0 = off</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="145"/>
        <source>Optimize again</source>
        <translation>Optimize again</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="146"/>
        <source>Run the passes on the same graph again, profiled when Profile runs is above 0</source>
        <translation>Run the passes on the same graph again, profiled when Profile runs is above 0</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="156"/>
        <source>Save report…</source>
        <translation>Save report…</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="157"/>
        <source>The report as JSON, as graphlens-cli optimize writes it</source>
        <translation>The report as JSON, as graphlens-cli optimize writes it</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="170"/>
        <source>Fusion misses</source>
        <translation>Fusion misses</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="171"/>
        <source>Changes</source>
        <translation>Changes</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="172"/>
        <source>Notes</source>
        <translation>Notes</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="186"/>
        <source>Run ▸ Optimize Graph runs the passes on the graph shown.</source>
        <translation>Run ▸ Optimize Graph runs the passes on the graph shown.</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="223"/>
        <source>Save the optimisation report</source>
        <translation>Save the optimisation report</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="224"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="229"/>
        <source>Save failed</source>
        <translation>Save failed</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="229"/>
        <source>Could not write %1</source>
        <translation>Could not write %1</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="248"/>
        <source>Optimizing… %1% (%2)</source>
        <translation>Optimizing… %1% (%2)</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="257"/>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="268"/>
        <source>The optimisation was cancelled.</source>
        <translation>The optimisation was cancelled.</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="269"/>
        <source>The optimisation failed: %1</source>
        <translation>The optimisation failed: %1</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="281"/>
        <source>Optimizing %1</source>
        <translation>Optimizing %1</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="281"/>
        <source>Optimizing and profiling %1</source>
        <translation>Optimizing and profiling %1</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/pass_view.cpp" line="325"/>
        <source>Fusion misses (%1, costs from %n profiled runs)</source>
        <translation>
            <numerusform>Fusion misses (%1, costs from %n profiled run)</numerusform>
            <numerusform>Fusion misses (%1, costs from %n profiled runs)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="326"/>
        <source>Fusion misses (%1)</source>
        <translation>Fusion misses (%1)</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="329"/>
        <source>Notes (%1)</source>
        <translation>Notes (%1)</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="407"/>
        <source>Changes (%1)</source>
        <translation>Changes (%1)</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="420"/>
        <source>added</source>
        <translation>added</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="421"/>
        <source>removed</source>
        <translation>removed</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="422"/>
        <source>rewritten</source>
        <translation>rewritten</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="423"/>
        <source>fused</source>
        <translation>fused</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="425"/>
        <source>Outlines: green added, red (dashed) removed, amber rewritten, purple fused; a collapsed group counts the changes inside it</source>
        <translation>Outlines: green added, red (dashed) removed, amber rewritten, purple fused; a collapsed group counts the changes inside it</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="431"/>
        <source>&lt;b&gt;Before&lt;/b&gt;</source>
        <translation>&lt;b&gt;Before&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="432"/>
        <source>&lt;b&gt;After&lt;/b&gt;</source>
        <translation>&lt;b&gt;After&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/pass_view.cpp" line="437"/>
        <source>the graph before the passes · %n nodes</source>
        <translation>
            <numerusform>the graph before the passes · %n node</numerusform>
            <numerusform>the graph before the passes · %n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/pass_view.cpp" line="438"/>
        <source>after &lt;b&gt;%1&lt;/b&gt; (iteration %2, step %3) · %n nodes</source>
        <translation>
            <numerusform>after &lt;b&gt;%1&lt;/b&gt; (iteration %2, step %3) · %n node</numerusform>
            <numerusform>after &lt;b&gt;%1&lt;/b&gt; (iteration %2, step %3) · %n nodes</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="444"/>
        <source>&lt;b&gt;Before:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Before:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="445"/>
        <source>&lt;b&gt;After:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;After:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <location filename="../views/pass_view.cpp" line="534"/>
        <source>Neither graph holds %1.</source>
        <translation>Neither graph holds %1.</translation>
    </message>
</context>
<context>
    <name>graphlens::views::RetraceLogModel</name>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="209"/>
        <source>%1 trace</source>
        <translation>%1 trace</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="209"/>
        <source>%1 traces</source>
        <translation>%1 traces</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="211"/>
        <source>%1 concrete function</source>
        <translation>%1 concrete function</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="212"/>
        <source>%1 concrete functions</source>
        <translation>%1 concrete functions</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="132"/>
        <source>retrace warning</source>
        <translation>retrace warning</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="166"/>
        <source>Trace #%1 by get_concrete_function</source>
        <translation>Trace #%1 by get_concrete_function</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="167"/>
        <source>Trace #%1 at call %2</source>
        <translation>Trace #%1 at call %2</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="216"/>
        <source>%1 identical retrace collapsed</source>
        <translation>%1 identical retrace collapsed</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="217"/>
        <source>%1 identical retraces collapsed</source>
        <translation>%1 identical retraces collapsed</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="234"/>
        <source>Stands for %1 identical retrace</source>
        <translation>Stands for %1 identical retrace</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="235"/>
        <source>Stands for %1 identical retraces</source>
        <translation>Stands for %1 identical retraces</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="297"/>
        <source>Function / signature</source>
        <translation>Function / signature</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="299"/>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="301"/>
        <source>Trace ms</source>
        <translation>Trace ms</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="303"/>
        <source>Nodes</source>
        <translation>Nodes</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="305"/>
        <source>Calls</source>
        <translation>Calls</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_model.cpp" line="307"/>
        <source>Ops</source>
        <translation>Ops</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/retrace_log_model.cpp" line="347"/>
        <source>%n collapsed</source>
        <translation>
            <numerusform>%n collapsed</numerusform>
            <numerusform>%n collapsed</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>graphlens::views::RetraceLogView</name>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="95"/>
        <source>Select a function, a concrete function or a trace.</source>
        <translation>Select a function, a concrete function or a trace.</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="136"/>
        <source>No tf.function was traced. Run a script that calls a @tf.function to fill the retrace log.</source>
        <translation>No tf.function was traced. Run a script that calls a @tf.function to fill the retrace log.</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="156"/>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="189"/>
        <source>Defined at %1</source>
        <translation>Defined at %1</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="190"/>
        <location filename="../views/retrace_log_view.cpp" line="215"/>
        <source>%1 call</source>
        <translation>%1 call</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="190"/>
        <location filename="../views/retrace_log_view.cpp" line="215"/>
        <source>%1 calls</source>
        <translation>%1 calls</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="191"/>
        <source>%1 trace</source>
        <translation>%1 trace</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="191"/>
        <source>%1 traces</source>
        <translation>%1 traces</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="193"/>
        <source>%1 concrete function</source>
        <translation>%1 concrete function</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="194"/>
        <source>%1 concrete functions</source>
        <translation>%1 concrete functions</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="198"/>
        <source>%1 identical retrace is collapsed into a repeated entry.</source>
        <translation>%1 identical retrace is collapsed into a repeated entry.</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="199"/>
        <source>%1 identical retraces are collapsed into repeated entries.</source>
        <translation>%1 identical retraces are collapsed into repeated entries.</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="202"/>
        <source>Retrace warnings</source>
        <translation>Retrace warnings</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="205"/>
        <source>Call %1:</source>
        <translation>Call %1:</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="216"/>
        <location filename="../views/retrace_log_view.cpp" line="241"/>
        <source>%1 graph node</source>
        <translation>%1 graph node</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="216"/>
        <location filename="../views/retrace_log_view.cpp" line="241"/>
        <source>%1 graph nodes</source>
        <translation>%1 graph nodes</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="218"/>
        <source>Ops</source>
        <translation>Ops</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="228"/>
        <source>%1: trace #%2 by get_concrete_function</source>
        <translation>%1: trace #%2 by get_concrete_function</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="229"/>
        <source>%1: trace #%2 at call %3</source>
        <translation>%1: trace #%2 at call %3</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="235"/>
        <source>This entry stands for %1 identical retrace.</source>
        <translation>This entry stands for %1 identical retrace.</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="236"/>
        <source>This entry stands for %1 identical retraces.</source>
        <translation>This entry stands for %1 identical retraces.</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="239"/>
        <source>Called from %1</source>
        <translation>Called from %1</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="240"/>
        <source>%1 ms to trace</source>
        <translation>%1 ms to trace</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="243"/>
        <source>Why it traced</source>
        <translation>Why it traced</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="249"/>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="249"/>
        <source>Argument</source>
        <translation>Argument</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="249"/>
        <source>Detail</source>
        <translation>Detail</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="257"/>
        <source>Suggestion</source>
        <translation>Suggestion</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="259"/>
        <source>Ops in the traced graph</source>
        <translation>Ops in the traced graph</translation>
    </message>
    <message>
        <location filename="../views/retrace_log_view.cpp" line="261"/>
        <source>Ops in called library functions</source>
        <translation>Ops in called library functions</translation>
    </message>
</context>
<context>
    <name>graphlens::views::SearchPanel</name>
    <message>
        <location filename="../views/search_panel.cpp" line="19"/>
        <source>Names</source>
        <translation>Names</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="20"/>
        <source>Ops</source>
        <translation>Ops</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="21"/>
        <source>Attributes</source>
        <translation>Attributes</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="22"/>
        <source>Aa</source>
        <translation>Aa</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="28"/>
        <source>Regular expression, e.g. conv.*relu|Mixed_6</source>
        <translation>Regular expression, e.g. conv.*relu|Mixed_6</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="32"/>
        <source>Case sensitive</source>
        <translation>Case sensitive</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="125"/>
        <source>Searching…</source>
        <translation>Searching…</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="128"/>
        <source>Searching</source>
        <translation>Searching</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="132"/>
        <source>First %1 matches of %2 nodes searched</source>
        <translation>First %1 matches of %2 nodes searched</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search_panel.cpp" line="133"/>
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="133"/>
        <source> in %1 nodes</source>
        <translation> in %1 nodes</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="141"/>
        <source>Invalid pattern: %1</source>
        <translation>Invalid pattern: %1</translation>
    </message>
</context>
<context>
    <name>graphlens::views::SearchResultsModel</name>
    <message>
        <location filename="../views/search_results_model.cpp" line="77"/>
        <source>%1
%2 in %3, matched on %4</source>
        <translation>%1
%2 in %3, matched on %4</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="93"/>
        <source>Node</source>
        <translation>Node</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="95"/>
        <source>Op</source>
        <translation>Op</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="97"/>
        <source>In</source>
        <translation>In</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="99"/>
        <source>Matched</source>
        <translation>Matched</translation>
    </message>
</context>
<context>
    <name>graphlens::views::TensorTableModel</name>
    <message>
        <location filename="../views/tensor_table_model.cpp" line="85"/>
        <source>element %1: %2</source>
        <translation>element %1: %2</translation>
    </message>
</context>
<context>
    <name>graphlens::views::TracesChart</name>
    <message>
        <location filename="../views/traces_chart.cpp" line="112"/>
        <source>Call</source>
        <translation>Call</translation>
    </message>
    <message>
        <location filename="../views/traces_chart.cpp" line="115"/>
        <source>Traces</source>
        <translation>Traces</translation>
    </message>
    <message>
        <location filename="../views/traces_chart.cpp" line="146"/>
        <source>Retrace warning</source>
        <translation>Retrace warning</translation>
    </message>
</context>
</TS>
