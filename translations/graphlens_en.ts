<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>AttributeModel</name>
    <message>
        <location filename="../views/attribute_model.cpp" line="88"/>
        <source>Open function %1</source>
        <translation>Open function %1</translation>
    </message>
    <message>
        <location filename="../views/attribute_model.cpp" line="110"/>
        <source>Attribute</source>
        <translation>Attribute</translation>
    </message>
    <message>
        <location filename="../views/attribute_model.cpp" line="110"/>
        <source>Value</source>
        <translation>Value</translation>
    </message>
</context>
<context>
    <name>GraphPanel</name>
    <message>
        <location filename="../views/graph_panel.cpp" line="30"/>
        <source>Signature:</source>
        <translation>Signature:</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="33"/>
        <source>Show only what a SignatureDef&apos;s outputs depend on</source>
        <translation>Show only what a SignatureDef&apos;s outputs depend on</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="61"/>
        <source>%1 items · %2 edges</source>
        <translation>%1 items · %2 edges</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="62"/>
        <source> · %1 nodes outside the signature hidden</source>
        <translation> · %1 nodes outside the signature hidden</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="74"/>
        <source>(whole graph)</source>
        <translation>(whole graph)</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="95"/>
        <source>No model</source>
        <translation>No model</translation>
    </message>
    <message>
        <location filename="../views/graph_panel.cpp" line="108"/>
        <source>Main graph</source>
        <translation>Main graph</translation>
    </message>
</context>
<context>
    <name>GraphView</name>
    <message>
        <location filename="../views/graph_view.cpp" line="57"/>
        <location filename="../views/graph_view.cpp" line="96"/>
        <source>Open a TensorFlow model: File ▸ Open, or drop a file or folder here.</source>
        <translation>Open a TensorFlow model: File ▸ Open, or drop a file or folder here.</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="61"/>
        <source>Laying out… %1% (%2)</source>
        <translation>Laying out… %1% (%2)</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="95"/>
        <source>This file holds no graph.</source>
        <translation>This file holds no graph.</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="228"/>
        <source>Laying out the graph</source>
        <translation>Laying out the graph</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="534"/>
        <source>Collapse</source>
        <translation>Collapse</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="534"/>
        <source>Expand in place</source>
        <translation>Expand in place</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="536"/>
        <source>Cannot expand: %1</source>
        <translation>Cannot expand: %1</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="540"/>
        <source>Open function %1</source>
        <translation>Open function %1</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="545"/>
        <source>Copy name</source>
        <translation>Copy name</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="549"/>
        <source>Fit to window</source>
        <translation>Fit to window</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="550"/>
        <source>Collapse all</source>
        <translation>Collapse all</translation>
    </message>
    <message>
        <location filename="../views/graph_view.cpp" line="551"/>
        <source>Back to the main graph</source>
        <translation>Back to the main graph</translation>
    </message>
</context>
<context>
    <name>JobProgressWidget</name>
    <message>
        <location filename="../views/job_progress_widget.cpp" line="18"/>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="51"/>
        <source>GraphLens</source>
        <translation>GraphLens</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="69"/>
        <source>Open a TensorFlow model: File ▸ Open, or drop a file or folder on the window.</source>
        <translation>Open a TensorFlow model: File ▸ Open, or drop a file or folder on the window.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="79"/>
        <source>Layout failed: %1</source>
        <translation>Layout failed: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="85"/>
        <source>Loading %1: %2 (%3%)</source>
        <translation>Loading %1: %2 (%3%)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="116"/>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="117"/>
        <source>Inspector</source>
        <translation>Inspector</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="118"/>
        <source>Search</source>
        <translation>Search</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="127"/>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="128"/>
        <source>&amp;Open…</source>
        <translation>&amp;Open…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="130"/>
        <source>Open a TensorFlow model</source>
        <translation>Open a TensorFlow model</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="131"/>
        <source>TensorFlow files (*.pb *.pbtxt *.meta *.index *tfevents* saved_model.pb);;All files (*)</source>
        <translation>TensorFlow files (*.pb *.pbtxt *.meta *.index *tfevents* saved_model.pb);;All files (*)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="134"/>
        <source>Open &amp;Folder…</source>
        <translation>Open &amp;Folder…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="135"/>
        <source>Open a SavedModel folder</source>
        <translation>Open a SavedModel folder</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="138"/>
        <source>Open &amp;Recent</source>
        <translation>Open &amp;Recent</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="141"/>
        <source>&amp;Export View…</source>
        <translation>&amp;Export View…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="142"/>
        <source>Export &amp;Whole Graph…</source>
        <translation>Export &amp;Whole Graph…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="145"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="148"/>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="149"/>
        <source>&amp;Fit to Window</source>
        <translation>&amp;Fit to Window</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="150"/>
        <source>Zoom &amp;In</source>
        <translation>Zoom &amp;In</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="151"/>
        <source>Zoom &amp;Out</source>
        <translation>Zoom &amp;Out</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="152"/>
        <source>Actual &amp;Size</source>
        <translation>Actual &amp;Size</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="154"/>
        <source>&amp;Minimap</source>
        <translation>&amp;Minimap</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="159"/>
        <source>&amp;Collapse All</source>
        <translation>&amp;Collapse All</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="160"/>
        <source>&amp;Back to Main Graph</source>
        <translation>&amp;Back to Main Graph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="161"/>
        <source>&amp;Find Node…</source>
        <translation>&amp;Find Node…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="166"/>
        <source>&amp;Panels</source>
        <translation>&amp;Panels</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="169"/>
        <source>Main</source>
        <translation>Main</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="174"/>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="178"/>
        <source>Main graph</source>
        <translation>Main graph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="179"/>
        <source>Fit</source>
        <translation>Fit</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="180"/>
        <source>Zoom +</source>
        <translation>Zoom +</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="181"/>
        <source>Zoom −</source>
        <translation>Zoom −</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="182"/>
        <source>Collapse all</source>
        <translation>Collapse all</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="185"/>
        <source>Find</source>
        <translation>Find</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="190"/>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="191"/>
        <source>&amp;About GraphLens</source>
        <translation>&amp;About GraphLens</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="192"/>
        <source>About &amp;Qt</source>
        <translation>About &amp;Qt</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="197"/>
        <source>Loading %1…</source>
        <translation>Loading %1…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="200"/>
        <source>Loading %1</source>
        <translation>Loading %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="205"/>
        <source>Loaded %1</source>
        <translation>Loaded %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="210"/>
        <source>Loading %1 cancelled</source>
        <translation>Loading %1 cancelled</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="227"/>
        <source>%1 — GraphLens</source>
        <translation>%1 — GraphLens</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="238"/>
        <source> · %1 nodes · %2 functions · %3 signatures · %4 variables</source>
        <translation> · %1 nodes · %2 functions · %3 signatures · %4 variables</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="248"/>
        <source>Cannot open %1</source>
        <translation>Cannot open %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="249"/>
        <source>GraphLens could not read this file.</source>
        <translation>GraphLens could not read this file.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="275"/>
        <source>(none)</source>
        <translation>(none)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="278"/>
        <source>Clear List</source>
        <translation>Clear List</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="288"/>
        <source>Nothing to export yet.</source>
        <translation>Nothing to export yet.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="292"/>
        <source>Export the whole graph</source>
        <translation>Export the whole graph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="292"/>
        <source>Export the view</source>
        <translation>Export the view</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="294"/>
        <source>SVG image (*.svg);;PNG image (*.png);;Graphviz DOT (*.dot)</source>
        <translation>SVG image (*.svg);;PNG image (*.png);;Graphviz DOT (*.dot)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="303"/>
        <source>Exported %1</source>
        <translation>Exported %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="304"/>
        <source>Export failed</source>
        <translation>Export failed</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="336"/>
        <source>About GraphLens</source>
        <translation>About GraphLens</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="337"/>
        <source>&lt;h3&gt;GraphLens %1&lt;/h3&gt;&lt;p&gt;A native inspector for TensorFlow models: SavedModels, GraphDefs, meta graphs, checkpoints and event files.&lt;/p&gt;&lt;p&gt;Name scopes and function calls expand in place; layout runs in the background and is cached per group.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;GraphLens %1&lt;/h3&gt;&lt;p&gt;A native inspector for TensorFlow models: SavedModels, GraphDefs, meta graphs, checkpoints and event files.&lt;/p&gt;&lt;p&gt;Name scopes and function calls expand in place; layout runs in the background and is cached per group.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>Minimap</name>
    <message>
        <location filename="../views/minimap.cpp" line="16"/>
        <source>Overview: click or drag to move the view</source>
        <translation>Overview: click or drag to move the view</translation>
    </message>
</context>
<context>
    <name>ModelBrowserModel</name>
    <message>
        <location filename="../views/model_browser_model.cpp" line="63"/>
        <source>Meta graph %1</source>
        <translation>Meta graph %1</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="64"/>
        <source>no tags</source>
        <translation>no tags</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="65"/>
        <location filename="../views/model_browser_model.cpp" line="140"/>
        <source>%1 nodes</source>
        <translation>%1 nodes</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="74"/>
        <source>Checkpoint</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="75"/>
        <source>%1 tensors</source>
        <translation>%1 tensors</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="101"/>
        <source>Signatures</source>
        <translation>Signatures</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="108"/>
        <source>%1 in, %2 out</source>
        <translation>%1 in, %2 out</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="110"/>
        <source>Double-click to show only what this signature computes</source>
        <translation>Double-click to show only what this signature computes</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="130"/>
        <source>Functions</source>
        <translation>Functions</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="137"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="143"/>
        <source>%1 call sites in the graph, %2 callers, nesting depth %3%4</source>
        <translation>%1 call sites in the graph, %2 callers, nesting depth %3%4</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="147"/>
        <source>, recursive</source>
        <translation>, recursive</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="151"/>
        <source>Variables</source>
        <translation>Variables</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="163"/>
        <source>trainable</source>
        <translation>trainable</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="163"/>
        <source>not trainable</source>
        <translation>not trainable</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="164"/>
        <source>; checkpoint key %1</source>
        <translation>; checkpoint key %1</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="170"/>
        <source>Assets</source>
        <translation>Assets</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="177"/>
        <source>missing</source>
        <translation>missing</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="239"/>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="240"/>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <location filename="../views/model_browser_model.cpp" line="241"/>
        <source>Size</source>
        <translation>Size</translation>
    </message>
</context>
<context>
    <name>NodeInspector</name>
    <message>
        <location filename="../views/node_inspector.cpp" line="83"/>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="83"/>
        <source>Node</source>
        <translation>Node</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="83"/>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="83"/>
        <source>Shape</source>
        <translation>Shape</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="127"/>
        <source>&lt;span style=&apos;color:#606f7a&apos;&gt;Select a node in the graph to inspect it.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#606f7a&apos;&gt;Select a node in the graph to inspect it.&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="145"/>
        <source>Series</source>
        <translation>Series</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="145"/>
        <source>Name scope</source>
        <translation>Name scope</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="146"/>
        <source>Function body</source>
        <translation>Function body</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="166"/>
        <source>main graph</source>
        <translation>main graph</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="167"/>
        <source>function %1</source>
        <translation>function %1</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="176"/>
        <source> · device %1</source>
        <translation> · device %1</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="179"/>
        <source>Calls:</source>
        <translation>Calls:</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="195"/>
        <source>Inputs (%1)</source>
        <translation>Inputs (%1)</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="203"/>
        <source> (missing)</source>
        <translation> (missing)</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="203"/>
        <source>(missing)</source>
        <translation>(missing)</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="216"/>
        <source>^control</source>
        <translation>^control</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="230"/>
        <source>Outputs (%1)</source>
        <translation>Outputs (%1)</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="239"/>
        <source>(unused)</source>
        <translation>(unused)</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="240"/>
        <source> +%1 more</source>
        <translation> +%1 more</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="270"/>
        <source>values not available</source>
        <translation>values not available</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="276"/>
        <source> · min %1 · max %2</source>
        <translation> · min %1 · max %2</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="284"/>
        <source>Value: %1 %2</source>
        <translation>Value: %1 %2</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="286"/>
        <source>Reading the value…</source>
        <translation>Reading the value…</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="289"/>
        <source>Reading a constant</source>
        <translation>Reading a constant</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="294"/>
        <source>Cannot read the value: %1</source>
        <translation>Cannot read the value: %1</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="299"/>
        <source>Variable %1: %2, %3</source>
        <translation>Variable %1: %2, %3</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="301"/>
        <source> — no checkpoint with this variable was loaded</source>
        <translation> — no checkpoint with this variable was loaded</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="304"/>
        <source>Reading %1 from the checkpoint…</source>
        <translation>Reading %1 from the checkpoint…</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="307"/>
        <source>Reading a variable</source>
        <translation>Reading a variable</translation>
    </message>
    <message>
        <location filename="../views/node_inspector.cpp" line="312"/>
        <source>Cannot read the variable: %1</source>
        <translation>Cannot read the variable: %1</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../views/graph_export.cpp" line="27"/>
        <location filename="../views/graph_export.cpp" line="45"/>
        <source>There is nothing to export.</source>
        <translation>There is nothing to export.</translation>
    </message>
    <message>
        <location filename="../views/graph_export.cpp" line="35"/>
        <location filename="../views/graph_export.cpp" line="39"/>
        <location filename="../views/graph_export.cpp" line="60"/>
        <location filename="../views/graph_export.cpp" line="65"/>
        <location filename="../views/graph_export.cpp" line="68"/>
        <source>Cannot write %1.</source>
        <translation>Cannot write %1.</translation>
    </message>
    <message>
        <location filename="../views/graph_export.cpp" line="53"/>
        <source>Not enough memory for a %1×%2 image.</source>
        <translation>Not enough memory for a %1×%2 image.</translation>
    </message>
</context>
<context>
    <name>QtConcurrent</name>
    <message>
        <location filename="../views/job_runner.h" line="96"/>
        <source>Cancelled</source>
        <translation>Cancelled</translation>
    </message>
    <message>
        <location filename="../views/job_runner.h" line="100"/>
        <source>Unknown error</source>
        <translation>Unknown error</translation>
    </message>
</context>
<context>
    <name>SearchPanel</name>
    <message>
        <location filename="../views/search_panel.cpp" line="17"/>
        <source>Names</source>
        <translation>Names</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="18"/>
        <source>Ops</source>
        <translation>Ops</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="18"/>
        <source>Attributes</source>
        <translation>Attributes</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="19"/>
        <source>Aa</source>
        <translation>Aa</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="21"/>
        <source>Regular expression, e.g. conv.*relu|Mixed_6</source>
        <translation>Regular expression, e.g. conv.*relu|Mixed_6</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="25"/>
        <source>Case sensitive</source>
        <translation>Case sensitive</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="115"/>
        <source>Searching…</source>
        <translation>Searching…</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="118"/>
        <source>Searching</source>
        <translation>Searching</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="121"/>
        <source>First %1 matches of %2 nodes searched</source>
        <translation>First %1 matches of %2 nodes searched</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search_panel.cpp" line="122"/>
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n match</numerusform>
            <numerusform>%n matches</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="123"/>
        <source> in %1 nodes</source>
        <translation> in %1 nodes</translation>
    </message>
    <message>
        <location filename="../views/search_panel.cpp" line="131"/>
        <source>Invalid pattern: %1</source>
        <translation>Invalid pattern: %1</translation>
    </message>
</context>
<context>
    <name>SearchResultsModel</name>
    <message>
        <location filename="../views/search_results_model.cpp" line="68"/>
        <source>%1
%2 in %3, matched on %4</source>
        <translation>%1
%2 in %3, matched on %4</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="80"/>
        <source>Node</source>
        <translation>Node</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="81"/>
        <source>Op</source>
        <translation>Op</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="82"/>
        <source>In</source>
        <translation>In</translation>
    </message>
    <message>
        <location filename="../views/search_results_model.cpp" line="83"/>
        <source>Matched</source>
        <translation>Matched</translation>
    </message>
</context>
<context>
    <name>TensorTableModel</name>
    <message>
        <location filename="../views/tensor_table_model.cpp" line="82"/>
        <source>element %1: %2</source>
        <translation>element %1: %2</translation>
    </message>
</context>
<context>
    <name>WarningBar</name>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="18"/>
        <source>Details…</source>
        <translation>Details…</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="23"/>
        <source>Dismiss</source>
        <translation>Dismiss</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="32"/>
        <source>Warnings</source>
        <translation>Warnings</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="48"/>
        <source>%1 was read in part: %2</source>
        <translation>%1 was read in part: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/warning_bar.cpp" line="49"/>
        <source>%1 was read in part (%2 warnings): %3</source>
        <translation>%1 was read in part (%2 warnings): %3</translation>
    </message>
</context>
</TS>
